ALTER TABLE "notifications" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "proposal_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_proposal_ticket_id_proposal_tickets_id_fk" FOREIGN KEY ("proposal_ticket_id") REFERENCES "proposal_tickets"("id") ON DELETE set null ON UPDATE no action;