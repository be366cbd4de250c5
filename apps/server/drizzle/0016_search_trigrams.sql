-- Issue 19 item 2: the admin searches (All Projects, All Users, the proposal tickets) are substring
-- ILIKEs, which no B-tree can answer: every search read every row, 10x the work at 10x the data.
-- pg_trgm's GIN indexes answer them from the trigrams of the text (decision 032). The extension
-- goes into public whatever the connection's search_path (tests migrate a private schema each,
-- and dropping one must not take the extension with it), so its operator class is named with
-- the schema. pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") public.gin_trgm_ops,"email" public.gin_trgm_ops,"user_name" public.gin_trgm_ops,"phone_number" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin (("id"::text) public.gin_trgm_ops,"company_name" public.gin_trgm_ops,"city" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "proposal_tickets_search_idx" ON "proposal_tickets" USING gin (("id"::text) public.gin_trgm_ops,"company_name" public.gin_trgm_ops);