CREATE TABLE "booking_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"actor_user_id" integer,
	"body" jsonb NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_before_cents" integer,
	"total_after_cents" integer,
	"amount_due_cents" integer DEFAULT 0 NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"refund_payment_id" integer,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"reason" text,
	"price_reason" text,
	"needs_other_car" boolean DEFAULT false NOT NULL,
	"answer_reason" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_changes_kind_check" CHECK ("booking_changes"."kind" in ('company', 'customer', 'request')),
	CONSTRAINT "booking_changes_status_check" CHECK ("booking_changes"."status" in ('applied', 'pending', 'accepted', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_refund_payment_id_payments_id_fk" FOREIGN KEY ("refund_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_one_pending_key" ON "booking_changes" USING btree ("booking_id") WHERE "booking_changes"."status" = 'pending';