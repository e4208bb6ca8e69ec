ALTER TABLE "booking_status_history" ADD COLUMN "manual_price_cents" integer;--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD COLUMN "list_price_cents" integer;