CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"viewed_on" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposal_ticket_id" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_ticket_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_ticket_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposal_ticket_id" integer NOT NULL,
	"status" integer NOT NULL,
	"event_date" timestamp with time zone DEFAULT now() NOT NULL,
	"action_taken_by" text NOT NULL,
	"rejection_reason" text,
	"rejection_specific" text,
	"notes" text DEFAULT '' NOT NULL,
	"proposal_link" text
);
--> statement-breakpoint
CREATE TABLE "proposal_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"notification_user_id" integer NOT NULL,
	"engineer_name" text DEFAULT '' NOT NULL,
	"admin_notes" text DEFAULT '' NOT NULL,
	"rejection_reason" text,
	"rejection_specific" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_links" ADD CONSTRAINT "proposal_links_proposal_ticket_id_proposal_tickets_id_fk" FOREIGN KEY ("proposal_ticket_id") REFERENCES "proposal_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_ticket_histories" ADD CONSTRAINT "proposal_ticket_histories_proposal_ticket_id_proposal_tickets_id_fk" FOREIGN KEY ("proposal_ticket_id") REFERENCES "proposal_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_tickets" ADD CONSTRAINT "proposal_tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_tickets" ADD CONSTRAINT "proposal_tickets_notification_user_id_users_id_fk" FOREIGN KEY ("notification_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposal_links_ticket_idx" ON "proposal_links" USING btree ("proposal_ticket_id");--> statement-breakpoint
CREATE INDEX "proposal_ticket_histories_ticket_idx" ON "proposal_ticket_histories" USING btree ("proposal_ticket_id","event_date");--> statement-breakpoint
CREATE INDEX "proposal_tickets_project_idx" ON "proposal_tickets" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "proposal_tickets_status_idx" ON "proposal_tickets" USING btree ("status");