ALTER TABLE "companies" ALTER COLUMN "credit_limit_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "credit_limit_cents" DROP NOT NULL;--> statement-breakpoint
-- A limit of 0 meant "no limit" (decision 0142); it now means "no credit", and no limit is null (decision 0151).
UPDATE "companies" SET "credit_limit_cents" = NULL WHERE "credit_limit_cents" = 0;
