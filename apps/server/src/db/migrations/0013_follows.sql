CREATE TABLE "follow_targets" (
	"ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_targets_kind_check" CHECK ("follow_targets"."kind" in ('series', 'person', 'author'))
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"ref" text NOT NULL,
	"roles" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_credits" (
	"item_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_credits_item_id_ref_role_pk" PRIMARY KEY("item_id","ref","role"),
	CONSTRAINT "item_credits_role_check" CHECK ("item_credits"."role" in ('series', 'author', 'directing', 'writing', 'creating', 'acting'))
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "via_name" text;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD COLUMN "followed_via" uuid;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_ref_follow_targets_ref_fk" FOREIGN KEY ("ref") REFERENCES "follow_targets"("ref") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_credits" ADD CONSTRAINT "item_credits_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_targets_checked_idx" ON "follow_targets" USING btree ("checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_ref_key" ON "follows" USING btree ("user_id","ref");--> statement-breakpoint
CREATE INDEX "follows_ref_idx" ON "follows" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "item_credits_ref_idx" ON "item_credits" USING btree ("ref","credited_at");--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_followed_via_follows_id_fk" FOREIGN KEY ("followed_via") REFERENCES "follows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_entries_followed_via_idx" ON "watchlist_entries" USING btree ("followed_via") WHERE "watchlist_entries"."followed_via" is not null;