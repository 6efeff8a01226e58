CREATE TABLE "source_structures" (
	"source_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"structure" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_chunks" ADD COLUMN "page_breaks" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "source_chunks" ADD COLUMN "section" text DEFAULT 'body' NOT NULL;--> statement-breakpoint
ALTER TABLE "source_structures" ADD CONSTRAINT "source_structures_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;