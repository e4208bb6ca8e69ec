DROP INDEX "holidays_month_day_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_fixed_date_key" ON "holidays" USING btree ("month","day") WHERE "holidays"."kind" = 'fixed';--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_easter_offset_key" ON "holidays" USING btree ("easter_offset") WHERE "holidays"."kind" = 'easter';