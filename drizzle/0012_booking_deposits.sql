ALTER TABLE "booking" ADD COLUMN "deposit_account_id" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "deposit_checkout_url" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "deposit_payment_id" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "deposit_refund_cents" integer DEFAULT 0 NOT NULL;