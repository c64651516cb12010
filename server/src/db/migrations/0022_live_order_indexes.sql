DROP INDEX "payment_orders_city_idx";--> statement-breakpoint
DROP INDEX "prepaid_orders_city_idx";--> statement-breakpoint
DROP INDEX "prepaid_orders_kind_idx";--> statement-breakpoint
CREATE INDEX "payment_orders_city_idx" ON "payment_orders" USING btree ("tenant_id","city_code","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "prepaid_orders_city_idx" ON "prepaid_orders" USING btree ("tenant_id","city_code","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "prepaid_orders_kind_idx" ON "prepaid_orders" USING btree ("tenant_id","kind","city_code","id") WHERE deleted_at IS NULL;