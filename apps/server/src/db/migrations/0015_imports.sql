CREATE TABLE "import_entries" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"title" text NOT NULL,
	"year" integer,
	"read" jsonb NOT NULL,
	"status" text NOT NULL,
	"item_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"candidate_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"reason" text,
	CONSTRAINT "import_entries_import_id_line_pk" PRIMARY KEY("import_id","line"),
	CONSTRAINT "import_entries_status_check" CHECK ("import_entries"."status" in ('pending', 'matched', 'ambiguous', 'unmatched', 'already_tracked', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"rows" integer NOT NULL,
	"suggested_follows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('matching', 'ready', 'applied', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_entries" ADD CONSTRAINT "import_entries_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_entries_pending_idx" ON "import_entries" USING btree ("import_id","line") WHERE "import_entries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "imports_user_idx" ON "imports" USING btree ("user_id","created_at");