ALTER TABLE "project_stage_changes" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
-- Each stay ends when the project's next change begins; the newest change of a project stays open.
UPDATE "project_stage_changes" AS c SET "left_at" = n."next_at"
FROM (
  SELECT "id", lead("changed_at") OVER (PARTITION BY "project_id" ORDER BY "changed_at", "id") AS "next_at" FROM "project_stage_changes"
) AS n
WHERE n."id" = c."id" AND n."next_at" IS NOT NULL;
--> statement-breakpoint
-- Covering indexes for the analytics (decision 019): the funnel reads the range's changes in
-- project order (an index-only scan and a streaming group), the stays read them by time. The
-- INCLUDE columns are not expressible in the drizzle schema, which keeps the same names.
DROP INDEX "project_stage_changes_project_idx";--> statement-breakpoint
CREATE INDEX "project_stage_changes_project_idx" ON "project_stage_changes" USING btree ("project_id","changed_at") INCLUDE ("to_stage");--> statement-breakpoint
DROP INDEX "project_stage_changes_changed_idx";--> statement-breakpoint
CREATE INDEX "project_stage_changes_changed_idx" ON "project_stage_changes" USING btree ("changed_at") INCLUDE ("to_stage","left_at");
