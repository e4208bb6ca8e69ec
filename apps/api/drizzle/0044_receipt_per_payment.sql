DROP INDEX "invoices_booking_kind_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Each receipt issued before names the booking's first payment received (one receipt per booking until now, decision 0152).
UPDATE "invoices" SET "payment_id" = (SELECT "payments"."id" FROM "payments" WHERE "payments"."booking_id" = "invoices"."booking_id" AND "payments"."status" = 'succeeded' ORDER BY "payments"."id" LIMIT 1) WHERE "invoices"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_invoice_key" ON "invoices" USING btree ("booking_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("payment_id");