-- Issue 37 (decision 042). The stage's place in the pipeline, for sorting by stage in pipeline
-- order with an index (item 5), and the site's normalised address, for possible duplicates
-- (item 6): IMMUTABLE functions behind two generated columns of projects.
CREATE FUNCTION "sunin_stage_rank"(stage text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE stage
    WHEN 'Project Initiation' THEN 1 WHEN 'Presentation Ready' THEN 2 WHEN 'Financing and Documentation' THEN 3
    WHEN 'Site Survey and Finalization' THEN 4 WHEN 'Project Completion' THEN 5 WHEN 'Archived' THEN 6 ELSE 7 END
$$;
--> statement-breakpoint
-- "4100 Industrial Pkwy., Suite 200" in Austin, TX and "4100 industrial parkway" in austin, tx
-- are one site: lower case, punctuation gone, the unit (suite, #...) dropped, street types and
-- directions abbreviated, then the city (the ZIP code's five digits without one) and the state.
-- '' (never a match) without a street or without both city and ZIP code. Word by word through
-- one CASE, with three fixed patterns: a pattern per abbreviation took 345 µs a call (PostgreSQL
-- keeps only 32 compiled patterns), this 22 µs.
CREATE FUNCTION "sunin_site_key"(address_1 text, city text, state text, zip text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s.street = '' OR (s.place = '' AND s.zip5 = '') THEN ''
    ELSE s.street || '|' || CASE WHEN s.place <> '' THEN s.place ELSE s.zip5 END || '|' || s.region END
  FROM (
    SELECT
      array_to_string(ARRAY(
        SELECT CASE w
          WHEN 'street' THEN 'st' WHEN 'avenue' THEN 'ave' WHEN 'av' THEN 'ave' WHEN 'boulevard' THEN 'blvd'
          WHEN 'road' THEN 'rd' WHEN 'drive' THEN 'dr' WHEN 'lane' THEN 'ln' WHEN 'court' THEN 'ct'
          WHEN 'parkway' THEN 'pkwy' WHEN 'pky' THEN 'pkwy' WHEN 'highway' THEN 'hwy' WHEN 'place' THEN 'pl'
          WHEN 'terrace' THEN 'ter' WHEN 'circle' THEN 'cir' WHEN 'square' THEN 'sq' WHEN 'trail' THEN 'trl'
          WHEN 'freeway' THEN 'fwy' WHEN 'expressway' THEN 'expy' WHEN 'center' THEN 'ctr' WHEN 'plaza' THEN 'plz'
          WHEN 'industrial' THEN 'ind' WHEN 'mount' THEN 'mt' WHEN 'saint' THEN 'st'
          WHEN 'north' THEN 'n' WHEN 'south' THEN 's' WHEN 'east' THEN 'e' WHEN 'west' THEN 'w'
          WHEN 'northeast' THEN 'ne' WHEN 'northwest' THEN 'nw' WHEN 'southeast' THEN 'se' WHEN 'southwest' THEN 'sw'
          ELSE w END
        FROM unnest(string_to_array(btrim(regexp_replace(
          ' ' || regexp_replace(regexp_replace(lower(coalesce(address_1, '')), '#.*$', ''), '[^a-z0-9]+', ' ', 'g') || ' ',
          ' (suite|ste|unit|apt|apartment|bldg|building|fl|floor|rm|room|dept) .*$', ' ')), ' ')) WITH ORDINALITY AS u(w, i)
        WHERE w <> ''
        ORDER BY i
      ), ' ') AS street,
      regexp_replace(lower(coalesce(city, '')), '[^a-z0-9]+', '', 'g') AS place,
      substring(regexp_replace(coalesce(zip, ''), '[^0-9]', '', 'g') from 1 for 5) AS zip5,
      regexp_replace(lower(coalesce(state, '')), '[^a-z]+', '', 'g') AS region
  ) s
$$;
--> statement-breakpoint
CREATE TABLE "board_totals" (
	"user_id" integer NOT NULL,
	"project_stage" text NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL,
	"deal_value_cents" bigint NOT NULL,
	CONSTRAINT "board_totals_user_id_project_stage_state_pk" PRIMARY KEY("user_id","project_stage","state")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deal_value_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "stage_rank" integer GENERATED ALWAYS AS (sunin_stage_rank(project_stage)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "site_key" text GENERATED ALWAYS AS (sunin_site_key(address_1, city, state, zip)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "frequency" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "digest_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_tickets" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "board_totals" ADD CONSTRAINT "board_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_totals_stage_idx" ON "board_totals" USING btree ("project_stage","state");--> statement-breakpoint
ALTER TABLE "proposal_tickets" ADD CONSTRAINT "proposal_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_stage_entered_idx" ON "projects" USING btree ("project_stage","stage_entered_at","id");--> statement-breakpoint
CREATE INDEX "projects_user_stage_entered_idx" ON "projects" USING btree ("user_id","project_stage","stage_entered_at","id");--> statement-breakpoint
CREATE INDEX "projects_stage_rank_idx" ON "projects" USING btree ("stage_rank","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_stage_entered_at_idx" ON "projects" USING btree ("stage_entered_at","id");--> statement-breakpoint
CREATE INDEX "projects_user_site_idx" ON "projects" USING btree ("user_id","site_key") WHERE "projects"."site_key" <> '';--> statement-breakpoint
CREATE INDEX "projects_site_idx" ON "projects" USING btree ("site_key") WHERE "projects"."site_key" <> '';--> statement-breakpoint
CREATE INDEX "notifications_digest_pending_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."digest_pending";--> statement-breakpoint
CREATE INDEX "proposal_tickets_assignee_idx" ON "proposal_tickets" USING btree ("assignee_id");
--> statement-breakpoint
-- The pipeline board's totals (item 4): a project's deal value follows its deal (deals are
-- removed with their project, when this UPDATE finds no row) ...
UPDATE "projects" SET "deal_value_cents" = d."contract_value_cents" FROM "deals" d WHERE d."project_id" = "projects"."id";
--> statement-breakpoint
CREATE FUNCTION "deals_board_value"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "projects" SET "deal_value_cents" = 0 WHERE "id" = OLD."project_id" AND "deal_value_cents" <> 0;
  ELSE
    UPDATE "projects" SET "deal_value_cents" = NEW."contract_value_cents" WHERE "id" = NEW."project_id" AND "deal_value_cents" <> NEW."contract_value_cents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deals_board_value" AFTER INSERT OR DELETE OR UPDATE OF "contract_value_cents" ON "deals" FOR EACH ROW EXECUTE FUNCTION "deals_board_value"();
--> statement-breakpoint
-- ... and board_totals follow every insert, delete, move (owner, stage, state) and deal value of
-- a project in the writing transaction, like project_counts (migration 0013): two rows touched
-- in one order, so two opposite moves cannot deadlock.
CREATE FUNCTION "board_totals_add"(p_user integer, p_stage text, p_state text, p_n integer, p_value bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_n > 0 THEN
    INSERT INTO "board_totals" ("user_id", "project_stage", "state", "n", "deal_value_cents") VALUES (p_user, p_stage, p_state, p_n, p_value)
    ON CONFLICT ("user_id", "project_stage", "state") DO UPDATE SET "n" = "board_totals"."n" + EXCLUDED."n", "deal_value_cents" = "board_totals"."deal_value_cents" + EXCLUDED."deal_value_cents";
  ELSE
    UPDATE "board_totals" SET "n" = "n" + p_n, "deal_value_cents" = "deal_value_cents" + p_value
    WHERE "user_id" = p_user AND "project_stage" = p_stage AND "state" = p_state;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "board_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "board_totals_add"(NEW."user_id", NEW."project_stage", NEW."state", 1, NEW."deal_value_cents");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "board_totals_add"(OLD."user_id", OLD."project_stage", OLD."state", -1, -OLD."deal_value_cents");
  ELSIF (OLD."user_id", OLD."project_stage", OLD."state") = (NEW."user_id", NEW."project_stage", NEW."state") THEN
    PERFORM "board_totals_add"(NEW."user_id", NEW."project_stage", NEW."state", 0, NEW."deal_value_cents" - OLD."deal_value_cents");
  ELSIF (OLD."user_id", OLD."project_stage", OLD."state") < (NEW."user_id", NEW."project_stage", NEW."state") THEN
    PERFORM "board_totals_add"(OLD."user_id", OLD."project_stage", OLD."state", -1, -OLD."deal_value_cents");
    PERFORM "board_totals_add"(NEW."user_id", NEW."project_stage", NEW."state", 1, NEW."deal_value_cents");
  ELSE
    PERFORM "board_totals_add"(NEW."user_id", NEW."project_stage", NEW."state", 1, NEW."deal_value_cents");
    PERFORM "board_totals_add"(OLD."user_id", OLD."project_stage", OLD."state", -1, -OLD."deal_value_cents");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_board_insert_delete" AFTER INSERT OR DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION "board_totals_track"();
--> statement-breakpoint
CREATE TRIGGER "projects_board_update" AFTER UPDATE OF "user_id", "project_stage", "state", "deal_value_cents" ON "projects" FOR EACH ROW
  WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."project_stage" IS DISTINCT FROM NEW."project_stage" OR OLD."state" IS DISTINCT FROM NEW."state" OR OLD."deal_value_cents" IS DISTINCT FROM NEW."deal_value_cents")
  EXECUTE FUNCTION "board_totals_track"();
--> statement-breakpoint
INSERT INTO "board_totals" ("user_id", "project_stage", "state", "n", "deal_value_cents")
SELECT "user_id", "project_stage", "state", count(*)::int, sum("deal_value_cents") FROM "projects" GROUP BY 1, 2, 3;
