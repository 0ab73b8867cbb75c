ALTER TABLE "generation" ADD COLUMN "input_key" text;--> statement-breakpoint
ALTER TABLE "generation" ADD COLUMN "output_key" text;--> statement-breakpoint
ALTER TABLE "generation" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "creation" ADD COLUMN "generation_id" text;--> statement-breakpoint
ALTER TABLE "creation" ADD CONSTRAINT "creation_generation_id_generation_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation" ADD CONSTRAINT "creation_generation_id_unique" UNIQUE("generation_id");