CREATE TABLE "member_service_providers" (
	"user_id" text NOT NULL,
	"provider_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_service_providers_user_id_provider_id_pk" PRIMARY KEY("user_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "member_services" (
	"user_id" text PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"include_rent_buy" boolean DEFAULT false NOT NULL,
	"region_since" timestamp with time zone NOT NULL,
	"rent_buy_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_offers" (
	"item_id" uuid NOT NULL,
	"country" text NOT NULL,
	"provider_id" integer NOT NULL,
	"type" text NOT NULL,
	"since" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL,
	"gone_at" timestamp with time zone,
	CONSTRAINT "title_offers_item_id_country_provider_id_type_pk" PRIMARY KEY("item_id","country","provider_id","type")
);
--> statement-breakpoint
CREATE TABLE "title_watch" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"first_offer_at" timestamp with time zone,
	"results" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_provider_kinds" (
	"region" text NOT NULL,
	"provider_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "watch_provider_kinds_region_provider_id_kind_pk" PRIMARY KEY("region","provider_id","kind")
);
--> statement-breakpoint
CREATE TABLE "watch_providers" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_path" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "offer_type" text;--> statement-breakpoint
ALTER TABLE "member_service_providers" ADD CONSTRAINT "member_service_providers_user_id_member_services_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "member_services"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_services" ADD CONSTRAINT "member_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_offers" ADD CONSTRAINT "title_offers_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_watch" ADD CONSTRAINT "title_watch_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_service_providers_provider_idx" ON "member_service_providers" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "title_offers_since_idx" ON "title_offers" USING btree ("since") WHERE "title_offers"."since" is not null and "title_offers"."gone_at" is null;--> statement-breakpoint
CREATE INDEX "title_watch_checked_idx" ON "title_watch" USING btree ("checked_at");