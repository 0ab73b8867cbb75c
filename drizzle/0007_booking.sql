-- the busy-block exclusion constraint needs equality on text inside a GiST index (decision 147)
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "booking" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"client_id" text NOT NULL,
	"service_id" text NOT NULL,
	"service_name" text NOT NULL,
	"chair_minutes" integer NOT NULL,
	"processing_minutes" integer NOT NULL,
	"finish_minutes" integer NOT NULL,
	"buffer_before_minutes" integer NOT NULL,
	"buffer_after_minutes" integer NOT NULL,
	"confirmation" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"price_kind" text NOT NULL,
	"price_cents" integer,
	"currency" text NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"deposit_status" text DEFAULT 'none' NOT NULL,
	"deposit_ref" text,
	"new_client" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"creation_id" text,
	"source" text,
	"idempotency_key" text NOT NULL,
	"expires_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_event" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_message" (
	"booking_id" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_message_booking_id_key_pk" PRIMARY KEY("booking_id","key")
);
--> statement-breakpoint
CREATE TABLE "booking_service" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"style_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chair_minutes" integer NOT NULL,
	"processing_minutes" integer DEFAULT 0 NOT NULL,
	"finish_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"price_kind" text NOT NULL,
	"price_cents" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"bookable_online" boolean DEFAULT true NOT NULL,
	"confirmation" text DEFAULT 'instant' NOT NULL,
	"consultation_for_new_colour_clients" boolean DEFAULT false NOT NULL,
	"patch_test_lead_hours" integer DEFAULT 0 NOT NULL,
	"deposit" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"max_days_ahead" integer DEFAULT 60 NOT NULL,
	"slot_step_minutes" integer DEFAULT 15 NOT NULL,
	"cancellation_window_hours" integer DEFAULT 24 NOT NULL,
	"late_cancel_fee_percent" integer DEFAULT 0 NOT NULL,
	"no_show_fee_percent" integer DEFAULT 0 NOT NULL,
	"policy_note" text DEFAULT '' NOT NULL,
	"calendar_token" text,
	"deposit_provider" text,
	"deposit_account_id" text,
	"deposit_account_ready" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_calendar_token_unique" UNIQUE("calendar_token")
);
--> statement-breakpoint
CREATE TABLE "busy_block" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"booking_id" text,
	"kind" text NOT NULL,
	"during" "tstzrange" NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_service_id_booking_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_creation_id_creation_id_fk" FOREIGN KEY ("creation_id") REFERENCES "public"."creation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_event" ADD CONSTRAINT "booking_event_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_message" ADD CONSTRAINT "booking_message_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service" ADD CONSTRAINT "booking_service_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_block" ADD CONSTRAINT "busy_block_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_block" ADD CONSTRAINT "busy_block_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_client_idempotency_idx" ON "booking" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "booking_partner_starts_idx" ON "booking" USING btree ("partner_id","starts_at");--> statement-breakpoint
CREATE INDEX "booking_client_starts_idx" ON "booking" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "booking_expires_idx" ON "booking" USING btree ("expires_at") WHERE "booking"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "booking_event_booking_idx" ON "booking_event" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_service_partner_idx" ON "booking_service" USING btree ("partner_id","position");--> statement-breakpoint
CREATE INDEX "busy_block_booking_idx" ON "busy_block" USING btree ("booking_id");;--> statement-breakpoint
-- no two active busy blocks of one professional overlap, whoever inserts them and however many at once (decision 147)
ALTER TABLE "busy_block" ADD CONSTRAINT "busy_block_no_overlap" EXCLUDE USING gist ("partner_id" WITH =, "during" WITH &&) WHERE ("active");--> statement-breakpoint
ALTER TABLE "busy_block" ADD CONSTRAINT "busy_block_during_bounded" CHECK (NOT isempty("during") AND NOT lower_inf("during") AND NOT upper_inf("during"));