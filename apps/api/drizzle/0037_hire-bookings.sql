CREATE TYPE "public"."service_type" AS ENUM('transfer', 'hourly', 'daily', 'tour');--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_type" "service_type" DEFAULT 'transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hire_minutes" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hire_days" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tour_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "programme" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "has_drop_off" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "end_km" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "overtime_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extra_km_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_tour_idx" ON "bookings" USING btree ("tour_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_hire_check" CHECK ("bookings"."hire_minutes" > 0 and "bookings"."hire_days" > 0 and "bookings"."end_km" >= 0 and "bookings"."overtime_cents" >= 0 and "bookings"."extra_km_cents" >= 0);--> statement-breakpoint
-- Hire rates and tours are part of the catalogue the API keeps in memory (decision 0026): their changes are announced too.
CREATE TRIGGER "hourly_rates_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hourly_rates" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "tours_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tours" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "tour_prices_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tour_prices" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
