CREATE TABLE "tour_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "tour_prices_amount_check" CHECK ("tour_prices"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description_fr" text NOT NULL,
	"description_en" text NOT NULL,
	"description_ar" text NOT NULL,
	"duration_hours" integer NOT NULL,
	"img_url" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"departures" jsonb NOT NULL,
	"visits" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tour_prices" ADD CONSTRAINT "tour_prices_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_prices" ADD CONSTRAINT "tour_prices_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_prices" ADD CONSTRAINT "tour_prices_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_prices_tour_car_season_key" ON "tour_prices" USING btree ("tour_id","car_id","season_id");--> statement-breakpoint
CREATE INDEX "tour_prices_car_idx" ON "tour_prices" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "tour_prices_season_idx" ON "tour_prices" USING btree ("season_id");