CREATE TABLE "earning_statements" (
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"opening_cents" bigint NOT NULL,
	"earned_cents" bigint NOT NULL,
	"adjustments_cents" bigint NOT NULL,
	"payouts_cents" bigint NOT NULL,
	"closing_cents" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "earning_statements_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"status" text NOT NULL,
	"bank_last4" text,
	"requirement" text,
	"local_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_ref_unique" UNIQUE("account_ref")
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_forms" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"business_type" text NOT NULL,
	"tin_type" text NOT NULL,
	"tin_sealed" text NOT NULL,
	"tin_last4" text NOT NULL,
	"address_1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"certified_at" timestamp with time zone NOT NULL,
	"certified_ip" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD COLUMN "applies_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD COLUMN "clawback_of" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "method" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "earning_statements" ADD CONSTRAINT "earning_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_clawback_of_earning_entries_id_fk" FOREIGN KEY ("clawback_of") REFERENCES "earning_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earning_entries_clawback_of_idx" ON "earning_entries" USING btree ("clawback_of") WHERE "earning_entries"."kind" = 'clawback';--> statement-breakpoint
CREATE INDEX "earning_entries_due_clawbacks_idx" ON "earning_entries" USING btree ("applies_at") WHERE "earning_entries"."kind" = 'clawback' and "earning_entries"."status" = 'expected';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_ref_idx" ON "payouts" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
-- Payouts recorded before issue 38 were paid outside the portal: settled when recorded.
UPDATE "payouts" SET "settled_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
-- Statements rebuild a balance from each entry's approval time: every approved or paid entry has one.
UPDATE "earning_entries" SET "approved_at" = "created_at" WHERE "approved_at" IS NULL AND "status" IN ('approved', 'paid');
