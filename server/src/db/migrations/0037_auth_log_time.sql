DROP INDEX "member_auth_logs_time_idx";--> statement-breakpoint
CREATE INDEX "member_auth_logs_time_idx" ON "member_auth_logs" USING btree ("tenant_id","created_at","id");