CREATE TABLE "provider_pace" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp (6) with time zone NOT NULL
);
