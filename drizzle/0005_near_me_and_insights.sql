CREATE TABLE "partner_daily_stat" (
	"partner_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_daily_stat_partner_id_day_kind_pk" PRIMARY KEY("partner_id","day","kind"),
	CONSTRAINT "partner_daily_stat_count" CHECK ("partner_daily_stat"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_place" (
	"user_id" text PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "partner_daily_stat" ADD CONSTRAINT "partner_daily_stat_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_place" ADD CONSTRAINT "user_place_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_place_lat_idx" ON "user_place" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "partner_geo_idx" ON "partner" USING btree ("latitude","longitude") WHERE "partner"."listed" and "partner"."latitude" is not null;