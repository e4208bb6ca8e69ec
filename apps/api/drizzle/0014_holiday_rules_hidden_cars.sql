ALTER TABLE "holidays" ALTER COLUMN "day" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ALTER COLUMN "month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "kind" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "easter_offset" integer;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_rule_check" CHECK (("holidays"."kind" = 'fixed' and "holidays"."day" between 1 and 31 and "holidays"."month" between 1 and 12 and "holidays"."easter_offset" is null)
        or ("holidays"."kind" = 'easter' and "holidays"."easter_offset" between -100 and 100 and "holidays"."day" is null and "holidays"."month" is null));