ALTER TABLE "bookings" ADD COLUMN "price_list_entry_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_list_entry_id_pricing_list_entries_id_fk" FOREIGN KEY ("price_list_entry_id") REFERENCES "public"."pricing_list_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_price_list_entry_idx" ON "bookings" USING btree ("price_list_entry_id");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree (lower("full_name") text_pattern_ops);