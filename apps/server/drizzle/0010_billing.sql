CREATE TABLE "billing_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"product_slug" text NOT NULL,
	"period" text,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"plan_slug" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "plan_prices_plan_slug_period_currency_pk" PRIMARY KEY("plan_slug","period","currency")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"slug" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"words_per_month" integer NOT NULL,
	"tools" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_pack_prices" (
	"pack_slug" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "word_pack_prices_pack_slug_currency_pk" PRIMARY KEY("pack_slug","currency")
);
--> statement-breakpoint
CREATE TABLE "word_packs" (
	"slug" text PRIMARY KEY NOT NULL,
	"words" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_comment" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "words_period_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_slug_plans_slug_fk" FOREIGN KEY ("plan_slug") REFERENCES "public"."plans"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_pack_prices" ADD CONSTRAINT "word_pack_prices_pack_slug_word_packs_slug_fk" FOREIGN KEY ("pack_slug") REFERENCES "public"."word_packs"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_external_id_idx" ON "checkout_sessions" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_id_idx" ON "checkout_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_external_id_idx" ON "subscriptions" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_customer_id_idx" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
UPDATE "subscriptions" SET "provider" = 'trial' WHERE "plan_slug" = 'trial';--> statement-breakpoint
INSERT INTO "plans" ("slug", "kind", "words_per_month", "tools", "position") VALUES
	('free', 'free', 2000, '["summarize","proofreading","find-topic","find-sources","source-qa"]'::jsonb, 0),
	('student', 'subscription', 10000, '"all"'::jsonb, 1),
	('pro', 'subscription', 50000, '"all"'::jsonb, 2),
	('trial', 'trial', 5000, '"all"'::jsonb, 3);--> statement-breakpoint
INSERT INTO "plan_prices" ("plan_slug", "period", "currency", "amount") VALUES
	('student', 'monthly', 'EUR', 999), ('student', 'yearly', 'EUR', 5994),
	('student', 'monthly', 'USD', 999), ('student', 'yearly', 'USD', 5994),
	('pro', 'monthly', 'EUR', 1999), ('pro', 'yearly', 'EUR', 11994),
	('pro', 'monthly', 'USD', 1999), ('pro', 'yearly', 'USD', 11994);--> statement-breakpoint
INSERT INTO "word_packs" ("slug", "words", "position") VALUES ('words-5000', 5000, 0);--> statement-breakpoint
INSERT INTO "word_pack_prices" ("pack_slug", "currency", "amount") VALUES ('words-5000', 'EUR', 499), ('words-5000', 'USD', 499);
