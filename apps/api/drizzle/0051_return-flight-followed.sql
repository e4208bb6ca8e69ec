ALTER TABLE "bookings" ADD COLUMN "return_flight_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "return_flight_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "return_flight_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "return_flight_followed_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "return_flight_alert" jsonb;