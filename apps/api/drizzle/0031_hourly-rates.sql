CREATE TABLE "hourly_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"price_per_hour_cents" integer NOT NULL,
	"min_hours" integer NOT NULL,
	"km_included_per_hour" integer NOT NULL,
	"price_per_extra_km_cents" integer NOT NULL,
	"price_per_day_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hourly_rates_amounts_check" CHECK ("hourly_rates"."price_per_hour_cents" >= 0 and "hourly_rates"."price_per_extra_km_cents" >= 0 and "hourly_rates"."min_hours" >= 1 and "hourly_rates"."km_included_per_hour" >= 0)
);
--> statement-breakpoint
ALTER TABLE "hourly_rates" ADD CONSTRAINT "hourly_rates_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hourly_rates" ADD CONSTRAINT "hourly_rates_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hourly_rates_car_season_key" ON "hourly_rates" USING btree ("car_id","season_id");--> statement-breakpoint
CREATE INDEX "hourly_rates_season_idx" ON "hourly_rates" USING btree ("season_id");