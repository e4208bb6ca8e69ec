CREATE TABLE "text_opt_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"channel" "message_channel" NOT NULL,
	"action" text NOT NULL,
	"keyword" text NOT NULL,
	"provider_message_id" text,
	"accounts_cleared" integer DEFAULT 0 NOT NULL,
	"texts_cancelled" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "text_template" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "skip_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "text_opt_outs_provider_message_idx" ON "text_opt_outs" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "text_opt_outs_phone_idx" ON "text_opt_outs" USING btree ("phone","created_at");