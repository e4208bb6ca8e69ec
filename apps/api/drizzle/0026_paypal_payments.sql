ALTER TYPE "public"."payment_method" ADD VALUE 'paypal';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_capture_id" text;