CREATE TABLE "hosted_call" (
	"id" text PRIMARY KEY NOT NULL,
	"generation_id" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"images" integer NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"cost_usd" numeric(12, 6) NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hosted_call_created_idx" ON "hosted_call" USING btree ("created_at");