DROP INDEX "invoices_booking_kind_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Each receipt issued before names the booking's first payment received (one receipt per booking until now, decision 0152).
UPDATE "invoices" SET "payment_id" = (SELECT "payments"."id" FROM "payments" WHERE "payments"."booking_id" = "invoices"."booking_id" AND "payments"."status" = 'succeeded' ORDER BY "payments"."id" LIMIT 1) WHERE "invoices"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_invoice_key" ON "invoices" USING btree ("booking_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"cause" text NOT NULL,
	"change_id" integer,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_change_id_booking_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."booking_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_counted_idx" ON "refunds" USING btree (coalesce("refunded_at", "requested_at"));--> statement-breakpoint
CREATE INDEX "refunds_change_idx" ON "refunds" USING btree ("change_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
-- Every refund made before becomes a line (decision 0152), keeping the idempotency key its provider saw.
INSERT INTO "refunds" ("booking_id", "payment_id", "cause", "change_id", "amount_cents", "idempotency_key", "requested_at", "refund_id", "refunded_at")
SELECT "c"."booking_id", "c"."refund_payment_id", 'change', "c"."id", "c"."refund_cents", 'refund-change-' || "c"."id", "c"."created_at", "c"."refund_id", "c"."refunded_at"
FROM "booking_changes" "c" WHERE "c"."refund_cents" > 0 AND "c"."refund_payment_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "refunds" ("booking_id", "payment_id", "cause", "amount_cents", "idempotency_key", "requested_at", "refund_id", "refunded_at")
SELECT "p"."booking_id", "p"."id", 'cancellation',
  coalesce("p"."refund_cents", "p"."amount_cents" - coalesce((SELECT sum("c"."refund_cents") FROM "booking_changes" "c" WHERE "c"."refund_payment_id" = "p"."id"), 0)),
  'refund-payment-' || "p"."id", coalesce("p"."refund_requested_at", "p"."refunded_at"), "p"."refund_id", "p"."refunded_at"
FROM "payments" "p"
WHERE ("p"."refund_requested_at" IS NOT NULL OR "p"."refunded_at" IS NOT NULL)
  AND coalesce("p"."refund_cents", "p"."amount_cents" - coalesce((SELECT sum("c"."refund_cents") FROM "booking_changes" "c" WHERE "c"."refund_payment_id" = "p"."id"), 0)) > 0;--> statement-breakpoint
-- A line not given back yet gets its own job in the state its old one was (none: the company's to make).
INSERT INTO "scheduled_jobs" ("key", "name", "payload", "status")
SELECT 'refund-' || "r"."id", 'refund', jsonb_build_object('refundId', "r"."id"),
  coalesce((SELECT "j"."status" FROM "scheduled_jobs" "j" WHERE "j"."key" = CASE WHEN "r"."cause" = 'change' THEN 'refund-change-' || "r"."change_id" ELSE 'refund-deposit-' || "r"."booking_id" END), 'failed')
FROM "refunds" "r" INNER JOIN "payments" "p" ON "p"."id" = "r"."payment_id"
WHERE "r"."refunded_at" IS NULL AND "p"."method" <> 'cash';--> statement-breakpoint
DELETE FROM "scheduled_jobs" WHERE "name" IN ('refund-deposit', 'refund-change') AND "status" = 'pending';--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_cents";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_requested_at";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refunded_at";