CREATE TABLE "company_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"total_excl_tax_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_incl_tax_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "passenger" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cost_centre" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "show_price" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "statement_id" integer;--> statement-breakpoint
ALTER TABLE "company_statements" ADD CONSTRAINT "company_statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_statements_company_month_key" ON "company_statements" USING btree ("company_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "company_statements_number_key" ON "company_statements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "company_statements_due_idx" ON "company_statements" USING btree ("due_at") WHERE "company_statements"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "bookings_statement_idx" ON "bookings" USING btree ("statement_id") WHERE "bookings"."statement_id" is not null;