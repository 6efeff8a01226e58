CREATE TABLE "paper_bookmarks" (
	"user_id" uuid NOT NULL,
	"paper_id" text NOT NULL,
	"record" jsonb NOT NULL,
	"relevance" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_bookmarks_user_id_paper_id_pk" PRIMARY KEY("user_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" text PRIMARY KEY NOT NULL,
	"record" jsonb NOT NULL,
	"relevance" jsonb NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"entry" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "paper_id" text;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "paper" jsonb;--> statement-breakpoint
ALTER TABLE "paper_bookmarks" ADD CONSTRAINT "paper_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_cache_expires_at_idx" ON "search_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_user_paper_idx" ON "sources" USING btree ("user_id","paper_id");