DROP INDEX "partner_search_idx";--> statement-breakpoint
DROP INDEX "partner_directory_order_idx";--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (lower(subscription_status) = 'active' and profile_complete) STORED;--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;--> statement-breakpoint
CREATE INDEX "partner_search_vector_idx" ON "partner" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "partner_directory_idx" ON "partner" USING btree ("is_verified" DESC NULLS LAST,"average_rating" DESC NULLS LAST,"business_name","user_id") WHERE "partner"."listed";