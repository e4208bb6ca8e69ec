ALTER TABLE "bookings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_quote_token_hash_key" ON "bookings" USING btree ("quote_token_hash");--> statement-breakpoint
CREATE INDEX "bookings_unclaimed_created_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."user_id" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_check" CHECK ("bookings"."user_id" is not null or "bookings"."status" in ('draft', 'car_selected'));