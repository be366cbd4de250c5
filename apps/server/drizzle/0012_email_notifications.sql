CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_event_type_pk" PRIMARY KEY("user_id","event_type")
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template_data" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
-- Issue 18 item 4: the notifications written before kinds existed get theirs from their titles.
UPDATE "notifications" SET "kind" = CASE
  WHEN "title" IN ('New proposal request', 'Revision requested') THEN 'proposal_requests'
  WHEN "title" = 'Proposal update' THEN 'proposal_updates'
  WHEN "title" = 'Proposal overdue' OR "title" LIKE 'Proposal due in %' THEN 'proposal_reminders'
  WHEN "title" = 'Project stage updated' THEN 'stage_changes'
  WHEN "title" = 'Project stalled' THEN 'stall_alerts'
  WHEN "title" LIKE 'Earnings %' THEN 'earnings'
  WHEN "proposal_ticket_id" IS NOT NULL THEN 'proposal_updates'
  WHEN "project_id" IS NOT NULL THEN 'stage_changes'
  ELSE 'welcome'
END;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;