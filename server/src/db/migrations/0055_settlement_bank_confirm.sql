ALTER TABLE "settlements" ADD COLUMN "payout_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "bank_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Settlements paid before the bank's confirmation was recorded: sent, waiting for it (nothing sent, nothing to confirm).
UPDATE "settlements" SET "payout_state" = CASE WHEN "payable" > 0 THEN 1 ELSE 2 END WHERE "status" = 3;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payout_state_ck" CHECK ("settlements"."payout_state" BETWEEN 0 AND 2 AND ("settlements"."payout_state" = 0) = ("settlements"."status" <> 3));