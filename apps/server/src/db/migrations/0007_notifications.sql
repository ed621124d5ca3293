CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key_date" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"old_date" date,
	"old_precision" text,
	"new_date" date,
	"new_precision" text,
	"reminder_days" integer,
	"due_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"batch_id" uuid,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_deliveries_status_check" CHECK ("notification_deliveries"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')),
	CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" in ('email', 'sms', 'in_app'))
);
--> statement-breakpoint
CREATE TABLE "release_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"old_date" date,
	"old_precision" text,
	"new_date" date,
	"new_precision" text,
	"source" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"planned_at" timestamp with time zone,
	CONSTRAINT "release_events_kind_check" CHECK ("release_events"."kind" in ('announced', 'moved', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "reminder_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "email_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "sms_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_item_id_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_key" ON "notification_deliveries" USING btree ("user_id","item_id","kind","key_date","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("channel","next_attempt_at") WHERE "notification_deliveries"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notification_deliveries_member_idx" ON "notification_deliveries" USING btree ("user_id","channel","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_deliveries_item_idx" ON "notification_deliveries" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "release_events_item_idx" ON "release_events" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "release_events_unplanned_idx" ON "release_events" USING btree ("item_id") WHERE "release_events"."planned_at" is null;