ALTER TABLE "roles" ADD COLUMN "refund_approve_limit" bigint;--> statement-breakpoint
CREATE INDEX "accounts_book_idx" ON "accounts" USING btree ("book_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_idx" ON "ledger_transactions" USING btree ("tenant_id","kind","id");