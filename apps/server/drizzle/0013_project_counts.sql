CREATE TABLE "project_counts" (
	"user_id" integer NOT NULL,
	"project_stage" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_counts_user_id_project_stage_pk" PRIMARY KEY("user_id","project_stage")
);
--> statement-breakpoint
ALTER TABLE "project_counts" ADD CONSTRAINT "project_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 19 item 2 (decision 026): the counts follow every insert, delete, stage change and change
-- of owner of a project, in the writing transaction. An update touches its two rows in one
-- order (by owner, then stage), so two moves in opposite directions cannot deadlock.
CREATE FUNCTION "project_counts_add"(p_user integer, p_stage text, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO "project_counts" ("user_id", "project_stage", "n") VALUES (p_user, p_stage, p_delta)
    ON CONFLICT ("user_id", "project_stage") DO UPDATE SET "n" = "project_counts"."n" + EXCLUDED."n";
  ELSE
    UPDATE "project_counts" SET "n" = "n" + p_delta WHERE "user_id" = p_user AND "project_stage" = p_stage;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "project_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "project_counts_add"(NEW."user_id", NEW."project_stage", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "project_counts_add"(OLD."user_id", OLD."project_stage", -1);
  ELSIF (OLD."user_id", OLD."project_stage") < (NEW."user_id", NEW."project_stage") THEN
    PERFORM "project_counts_add"(OLD."user_id", OLD."project_stage", -1);
    PERFORM "project_counts_add"(NEW."user_id", NEW."project_stage", 1);
  ELSE
    PERFORM "project_counts_add"(NEW."user_id", NEW."project_stage", 1);
    PERFORM "project_counts_add"(OLD."user_id", OLD."project_stage", -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_counts_insert_delete" AFTER INSERT OR DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION "project_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "projects_counts_update" AFTER UPDATE OF "user_id", "project_stage" ON "projects" FOR EACH ROW
  WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."project_stage" IS DISTINCT FROM NEW."project_stage")
  EXECUTE FUNCTION "project_counts_track"();
--> statement-breakpoint
INSERT INTO "project_counts" ("user_id", "project_stage", "n") SELECT "user_id", "project_stage", count(*)::int FROM "projects" GROUP BY 1, 2;
