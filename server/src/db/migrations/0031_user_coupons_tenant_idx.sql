DROP INDEX "user_coupons_coupon_idx";--> statement-breakpoint
CREATE INDEX "user_coupons_coupon_idx" ON "user_coupons" USING btree ("tenant_id","coupon_id","created_at","id") WHERE deleted_at IS NULL;