CREATE TABLE "statement_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"provider_session_id" text NOT NULL,
	"provider_capture_id" text,
	"opened_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_statements" ADD COLUMN "paid_method" text;--> statement-breakpoint
ALTER TABLE "company_statements" ADD COLUMN "einvoice_status" text;--> statement-breakpoint
ALTER TABLE "company_statements" ADD COLUMN "einvoice_platform_id" text;--> statement-breakpoint
ALTER TABLE "company_statements" ADD COLUMN "einvoice_error" text;--> statement-breakpoint
ALTER TABLE "company_statements" ADD COLUMN "einvoice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_statement_id_company_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."company_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_payments_statement_idx" ON "statement_payments" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_payments_session_key" ON "statement_payments" USING btree ("provider_session_id");--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "credit_limit_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "credit_limit_cents" DROP NOT NULL;--> statement-breakpoint
-- A limit of 0 meant "no limit" (decision 0142); it now means "no credit", and no limit is null (decision 0151).
UPDATE "companies" SET "credit_limit_cents" = NULL WHERE "credit_limit_cents" = 0;
