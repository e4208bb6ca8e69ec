CREATE TABLE "mission_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"status" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_links_status_check" CHECK ("mission_links"."status" in ('en_route', 'on_site', 'on_board', 'done'))
);
--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD COLUMN "mission_status" text;--> statement-breakpoint
ALTER TABLE "mission_links" ADD CONSTRAINT "mission_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_links" ADD CONSTRAINT "mission_links_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_links_token_hash_key" ON "mission_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mission_links_booking_idx" ON "mission_links" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "mission_links_driver_idx" ON "mission_links" USING btree ("driver_id");--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_mission_status_check" CHECK ("booking_status_history"."mission_status" in ('en_route', 'on_site', 'on_board', 'done'));