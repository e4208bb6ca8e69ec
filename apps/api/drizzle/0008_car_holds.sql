CREATE TABLE "car_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"leg" text NOT NULL,
	"during" "tstzrange" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_holds_booking_leg_key" ON "car_holds" USING btree ("booking_id","leg");