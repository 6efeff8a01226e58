ALTER TABLE "jobs" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_running_user_idx" ON "jobs" USING btree ("user_id") WHERE "jobs"."state" = 'running';--> statement-breakpoint
-- Jobs queued before this release take turns like new ones: their source tells whose they are.
UPDATE "jobs" SET "user_id" = "sources"."user_id" FROM "sources"
  WHERE "jobs"."state" IN ('queued', 'running') AND "jobs"."payload"->>'sourceId' = "sources"."id"::text;
