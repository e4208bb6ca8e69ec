ALTER TABLE "payments" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
-- Deposits already given back by a free cancellation (decision 0091) become refund lines too.
UPDATE "payments" SET "refund_cents" = "amount_cents", "refund_requested_at" = "refunded_at" WHERE "refunded_at" IS NOT NULL;
