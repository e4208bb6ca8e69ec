CREATE TYPE "public"."message_channel" AS ENUM('email', 'sms', 'whatsapp');--> statement-breakpoint
ALTER TYPE "public"."mail_status" ADD VALUE 'skipped';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" "message_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_provider_message_idx" ON "mail_outbox" USING btree ("provider_message_id") WHERE "mail_outbox"."provider_message_id" is not null;