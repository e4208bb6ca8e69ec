ALTER TABLE "mail_outbox" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lapsed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_capped_address_idx" ON "mail_outbox" USING btree (lower("to_address"),"kind","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_capped_account_idx" ON "mail_outbox" USING btree ("account_id","kind","created_at") WHERE "mail_outbox"."account_id" is not null;