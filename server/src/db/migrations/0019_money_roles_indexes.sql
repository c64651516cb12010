ALTER TABLE "roles" ADD COLUMN "refund_approve_limit" bigint;--> statement-breakpoint
CREATE INDEX "accounts_book_idx" ON "accounts" USING btree ("book_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "api_logs_time_idx" ON "api_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_idx" ON "ledger_transactions" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "payment_orders_paid_idx" ON "payment_orders" USING btree ("tenant_id","city_code","paid_at") WHERE paid_at IS NOT NULL;