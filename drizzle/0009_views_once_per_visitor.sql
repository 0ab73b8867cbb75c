CREATE TABLE "partner_visit" (
	"partner_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "partner_visit_partner_id_day_kind_visitor_pk" PRIMARY KEY("partner_id","day","kind","visitor")
);
--> statement-breakpoint
CREATE TABLE "visit_salt" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_visit" ADD CONSTRAINT "partner_visit_partner_id_partner_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("user_id") ON DELETE cascade ON UPDATE no action;