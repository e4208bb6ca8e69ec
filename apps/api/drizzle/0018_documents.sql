CREATE TABLE "booking_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"number" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"booking_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"language" "language" NOT NULL,
	"total_excl_tax_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_incl_tax_cents" integer NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"credit_of" integer,
	"data" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_vouchers" ADD CONSTRAINT "booking_vouchers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_vouchers_booking_version_key" ON "booking_vouchers" USING btree ("booking_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_vouchers_number_version_key" ON "booking_vouchers" USING btree ("number","version");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_sequence_key" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_kind_key" ON "invoices" USING btree ("booking_id","kind") WHERE "invoices"."kind" <> 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_of_key" ON "invoices" USING btree ("credit_of");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");