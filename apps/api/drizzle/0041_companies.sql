CREATE TYPE "public"."company_role" AS ENUM('admin', 'booker');--> statement-breakpoint
CREATE TYPE "public"."company_status" AS ENUM('requested', 'active', 'refused');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"siren" text,
	"vat_number" text,
	"billing_address" text NOT NULL,
	"billing_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	"purchase_order_required" boolean DEFAULT false NOT NULL,
	"cost_centres" text[] DEFAULT '{}'::text[] NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"status" "company_status" DEFAULT 'active' NOT NULL,
	"contact_full_name" text,
	"contact_email" text,
	"contact_phone" text,
	"language" "language" DEFAULT 'fr' NOT NULL,
	"refusal_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_siren_check" CHECK ("companies"."siren" ~ '^([0-9]{9}|[0-9]{14})$'),
	CONSTRAINT "companies_identity_check" CHECK ("companies"."siren" is not null or "companies"."vat_number" is not null),
	CONSTRAINT "companies_terms_check" CHECK ("companies"."payment_terms_days" between 0 and 60 and "companies"."credit_limit_cents" >= 0 and "companies"."discount_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" "company_role" DEFAULT 'booker' NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" "company_role" DEFAULT 'booker' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_status_created_idx" ON "companies" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_company_email_key" ON "company_invitations" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "company_invitations_email_idx" ON "company_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_user_key" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_company_idx" ON "bookings" USING btree ("company_id","id") WHERE "bookings"."company_id" is not null;