CREATE TABLE "booking_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_balances_amount_check" CHECK ("booking_balances"."amount_cents" > 0),
	CONSTRAINT "booking_balances_method_check" CHECK ("booking_balances"."method" in ('cash', 'card_terminal', 'transfer'))
);
--> statement-breakpoint
ALTER TABLE "booking_status_history" DROP CONSTRAINT "booking_status_history_mission_status_check";--> statement-breakpoint
ALTER TABLE "mission_links" DROP CONSTRAINT "mission_links_status_check";--> statement-breakpoint
ALTER TABLE "booking_balances" ADD CONSTRAINT "booking_balances_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_balances" ADD CONSTRAINT "booking_balances_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_balances_booking_idx" ON "booking_balances" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "booking_status_history" ADD CONSTRAINT "booking_status_history_mission_status_check" CHECK ("booking_status_history"."mission_status" in ('en_route', 'on_site', 'on_board', 'done', 'no_show'));--> statement-breakpoint
ALTER TABLE "mission_links" ADD CONSTRAINT "mission_links_status_check" CHECK ("mission_links"."status" in ('en_route', 'on_site', 'on_board', 'done', 'no_show'));