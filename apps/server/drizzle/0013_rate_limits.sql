CREATE TABLE "user_rate_windows" (
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"count" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_rate_windows_user_id_action_pk" PRIMARY KEY("user_id","action")
);
--> statement-breakpoint
ALTER TABLE "user_rate_windows" ADD CONSTRAINT "user_rate_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_word_holds_idx" ON "jobs" USING btree (("payload"->>'userId')) WHERE "jobs"."kind" = 'generation.release-words' and "jobs"."state" = 'queued';