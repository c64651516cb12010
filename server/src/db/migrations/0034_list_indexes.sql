DROP INDEX "kyc_reviews_city_idx";--> statement-breakpoint
DROP INDEX "swap_orders_city_idx";--> statement-breakpoint
CREATE INDEX "kyc_reviews_created_idx" ON "kyc_reviews" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("tenant_id","created_at","id","register_city_code") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "ride_orders_created_idx" ON "ride_orders" USING btree ("tenant_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "swap_orders_created_idx" ON "swap_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "kyc_reviews_city_idx" ON "kyc_reviews" USING btree ("tenant_id","city_code","created_at","id");--> statement-breakpoint
CREATE INDEX "swap_orders_city_idx" ON "swap_orders" USING btree ("tenant_id","city_code","created_at","id");