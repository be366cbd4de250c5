-- Issue 18 item 3 (decision 021): a stay's stall alert goes out once; the partial index holds only
-- the stays the hourly stall check can still alert (the current ones not yet alerted).
ALTER TABLE "project_stage_changes" ADD COLUMN "stall_alerted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "project_stage_changes_stall_idx" ON "project_stage_changes" USING btree ("to_stage","changed_at") WHERE "project_stage_changes"."left_at" is null and "project_stage_changes"."stall_alerted_at" is null;
