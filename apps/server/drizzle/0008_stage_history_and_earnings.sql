CREATE TABLE "deals" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"contract_value_cents" bigint NOT NULL,
	"net_profit_cents" bigint NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earning_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earning_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"project_id" integer,
	"kind" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"share_bp" integer,
	"net_profit_cents" bigint,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"payout_id" integer,
	"created_by" integer,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"paid_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_stage_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_stage_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stage_changes" ADD CONSTRAINT "project_stage_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_stage_changes" ADD CONSTRAINT "project_stage_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earning_entries_deal_project_idx" ON "earning_entries" USING btree ("project_id") WHERE "earning_entries"."kind" = 'deal';--> statement-breakpoint
CREATE INDEX "earning_entries_user_idx" ON "earning_entries" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "earning_entries_payout_idx" ON "earning_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "project_stage_changes_project_idx" ON "project_stage_changes" USING btree ("project_id","changed_at");--> statement-breakpoint
CREATE INDEX "project_stage_changes_changed_idx" ON "project_stage_changes" USING btree ("changed_at");--> statement-breakpoint
-- Issue 17 item 1: existing projects get one entry, from their creation, at their current stage.
INSERT INTO "project_stage_changes" ("project_id", "from_stage", "to_stage", "changed_by", "changed_at") SELECT "id", NULL, "project_stage", NULL, "created_at" FROM "projects";
