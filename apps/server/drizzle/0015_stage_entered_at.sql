ALTER TABLE "projects" ADD COLUMN "stage_entered_at" timestamp with time zone;--> statement-breakpoint
-- Issue 19 item 2: when a project reached its current stage was its newest stage change, looked
-- up in project_stage_changes for every row of every page; the index it probes grows a level
-- deeper with the data (a member's page at 100,000 projects in all ran at 75-81 % of its rate at
-- 10,000). The column is written with each stage change from now on (decision 027's statements,
-- the transactional path and the demo seed), and here once from the history.
UPDATE "projects" p SET "stage_entered_at" = c."entered_at"
  FROM (SELECT "project_id", max("changed_at") AS "entered_at" FROM "project_stage_changes" GROUP BY "project_id") c
  WHERE c."project_id" = p."id";
