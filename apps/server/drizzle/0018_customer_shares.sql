CREATE TABLE "project_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"created_by" integer,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"view_notified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "share_change_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_signature_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_signature_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_id" integer NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_id" integer,
	"project_id" integer,
	"company_name" text NOT NULL,
	"proposal_version" integer,
	"signer_name" text NOT NULL,
	"signer_title" text NOT NULL,
	"signer_email" text NOT NULL,
	"signer_address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"typed_signature" text,
	"consent_text" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_key" text NOT NULL,
	"document_sha256" text NOT NULL,
	"stored_file_id" integer,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_signatures_document_key_unique" UNIQUE("document_key")
);
--> statement-breakpoint
CREATE TABLE "share_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address_hash" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposal_links" ADD COLUMN "delivery_history_id" integer;--> statement-breakpoint
ALTER TABLE "project_shares" ADD CONSTRAINT "project_shares_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_shares" ADD CONSTRAINT "project_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_change_requests" ADD CONSTRAINT "share_change_requests_share_id_project_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "project_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_signature_codes" ADD CONSTRAINT "share_signature_codes_share_id_project_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "project_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_signatures" ADD CONSTRAINT "share_signatures_share_id_project_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "project_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_signatures" ADD CONSTRAINT "share_signatures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_signatures" ADD CONSTRAINT "share_signatures_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_views" ADD CONSTRAINT "share_views_share_id_project_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "project_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_shares_project_idx" ON "project_shares" USING btree ("project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "share_change_requests_share_idx" ON "share_change_requests" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "share_signature_codes_share_idx" ON "share_signature_codes" USING btree ("share_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "share_signatures_share_idx" ON "share_signatures" USING btree ("share_id") WHERE share_id is not null;--> statement-breakpoint
CREATE INDEX "share_signatures_project_idx" ON "share_signatures" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "share_views_share_idx" ON "share_views" USING btree ("share_id","viewed_at");--> statement-breakpoint
ALTER TABLE "proposal_links" ADD CONSTRAINT "proposal_links_delivery_history_id_proposal_ticket_histories_id_fk" FOREIGN KEY ("delivery_history_id") REFERENCES "proposal_ticket_histories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Each earlier proposal link belongs to the delivery that attached it: the ticket's first
-- delivery (status 3 or 7) recorded at or after the link (the link takes the transaction's
-- now(), its history entry the moment after), or failing that its latest delivery.
UPDATE "proposal_links" AS l SET "delivery_history_id" = coalesce(
  (SELECT h."id" FROM "proposal_ticket_histories" h WHERE h."proposal_ticket_id" = l."proposal_ticket_id" AND h."status" IN (3, 7) AND h."event_date" >= l."created_at" - interval '1 second' ORDER BY h."event_date", h."id" LIMIT 1),
  (SELECT h."id" FROM "proposal_ticket_histories" h WHERE h."proposal_ticket_id" = l."proposal_ticket_id" AND h."status" IN (3, 7) ORDER BY h."event_date" DESC, h."id" DESC LIMIT 1)
) WHERE l."delivery_history_id" IS NULL;
