DROP INDEX "feedbacks_created_idx";--> statement-breakpoint
DROP INDEX "kyc_reviews_created_idx";--> statement-breakpoint
CREATE INDEX "feedbacks_created_idx" ON "feedbacks" USING btree ("tenant_id","created_at","id","city_code");--> statement-breakpoint
CREATE INDEX "kyc_reviews_created_idx" ON "kyc_reviews" USING btree ("tenant_id","created_at","id","city_code");