CREATE INDEX "bookings_phone_key_idx" ON "bookings" USING btree (phone_key("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_phone_key_reversed_idx" ON "bookings" USING btree (reverse(phone_key("phone")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_key_idx" ON "users" USING btree (phone_key("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_key_reversed_idx" ON "users" USING btree (reverse(phone_key("phone")) text_pattern_ops);