CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_languages_check" CHECK ("drivers"."languages" <@ array['fr','en','ar','it','es','de','ru','zh']::text[])
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "driver_id" integer;--> statement-breakpoint
CREATE INDEX "drivers_full_name_idx" ON "drivers" USING btree ("full_name","id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_driver_pickup_idx" ON "bookings" USING btree ("driver_id","pickup_at");