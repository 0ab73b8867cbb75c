ALTER TABLE "booking" DROP CONSTRAINT "booking_partner_id_partner_user_id_fk";
--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_service_id_booking_service_id_fk";
--> statement-breakpoint
ALTER TABLE "booking" ALTER COLUMN "partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ALTER COLUMN "service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "salon_name" text;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "salon_time_zone" text;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_service_id_booking_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_service"("id") ON DELETE set null ON UPDATE no action;