-- Issue 19 item 2: these indexes were built DESC NULLS LAST, while ORDER BY x DESC means NULLS FIRST,
-- so no newest-first list could read them in order: every page sorted all the matching rows. The
-- columns are NOT NULL; the indexes now match the lists' order (a first page reads its 25 entries).
DROP INDEX "projects_user_updated_idx";--> statement-breakpoint
DROP INDEX "projects_updated_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "proposal_clocks_ticket_idx";--> statement-breakpoint
DROP INDEX "audit_entries_entity_idx";--> statement-breakpoint
DROP INDEX "audit_entries_actor_idx";--> statement-breakpoint
CREATE INDEX "projects_user_updated_idx" ON "projects" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_updated_idx" ON "projects" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "proposal_clocks_ticket_idx" ON "proposal_clocks" USING btree ("proposal_ticket_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity_type","entity_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id","created_at" DESC NULLS FIRST);