ALTER TABLE "bookings" ADD COLUMN "flight_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_followed_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_alert" jsonb;