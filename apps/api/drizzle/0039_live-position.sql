CREATE TABLE "mission_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"mission_link_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"accuracy_m" real NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"keep_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_positions_lat_check" CHECK ("mission_positions"."lat" between -90 and 90),
	CONSTRAINT "mission_positions_lon_check" CHECK ("mission_positions"."lon" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sign_name" text;--> statement-breakpoint
ALTER TABLE "mission_positions" ADD CONSTRAINT "mission_positions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_positions" ADD CONSTRAINT "mission_positions_mission_link_id_mission_links_id_fk" FOREIGN KEY ("mission_link_id") REFERENCES "public"."mission_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_positions_booking_recorded_idx" ON "mission_positions" USING btree ("booking_id","recorded_at");--> statement-breakpoint
CREATE INDEX "mission_positions_keep_until_idx" ON "mission_positions" USING btree ("keep_until");