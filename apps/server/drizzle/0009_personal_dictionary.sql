CREATE TABLE "personal_words" (
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_words_user_id_language_word_pk" PRIMARY KEY("user_id","language","word")
);
--> statement-breakpoint
ALTER TABLE "personal_words" ADD CONSTRAINT "personal_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;