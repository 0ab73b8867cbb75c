ALTER TABLE "booking" DROP CONSTRAINT "booking_client_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "booking" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "with_look" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "booking" SET "with_look" = true WHERE "creation_id" IS NOT NULL;
