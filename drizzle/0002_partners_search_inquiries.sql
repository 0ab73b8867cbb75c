CREATE TABLE "inquiry" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"message" text NOT NULL,
	"creation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "style_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiry" ADD CONSTRAINT "inquiry_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry" ADD CONSTRAINT "inquiry_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry" ADD CONSTRAINT "inquiry_creation_id_creation_id_fk" FOREIGN KEY ("creation_id") REFERENCES "public"."creation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_partner_created_idx" ON "inquiry" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiry_sender_created_idx" ON "inquiry" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_search_idx" ON "partner" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
CREATE INDEX "partner_style_tags_idx" ON "partner" USING gin ("style_tags");--> statement-breakpoint
CREATE INDEX "partner_directory_order_idx" ON "partner" USING btree ("is_verified" DESC NULLS LAST,"average_rating" DESC NULLS LAST,"business_name","user_id") WHERE lower("partner"."subscription_status") = 'active' and "partner"."profile_complete";