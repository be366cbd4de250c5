DROP INDEX "proposal_tickets_assignee_idx";--> statement-breakpoint
ALTER TABLE "proposal_tickets" ADD COLUMN "clock_rank" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_tickets" ADD COLUMN "clock_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "proposal_tickets_urgency_idx" ON "proposal_tickets" USING btree ("clock_rank","clock_due_at","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "proposal_tickets_assignee_urgency_idx" ON "proposal_tickets" USING btree ("assignee_id","clock_rank","clock_due_at","id" DESC NULLS FIRST);--> statement-breakpoint
-- Issue 37 item 2 (decision 043): the queue's urgency order, running clocks by due time, then
-- those waiting for the power bill, stopped ones last, read from one index. The ticket carries
-- its current clock's rank and due time; this trigger keeps them in the clock's transaction,
-- whoever writes the clock (the services, the demo's re-dating, a bench seed).
CREATE FUNCTION "proposal_ticket_clock_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ticket integer;
  v_rank integer := 2;
  v_due timestamptz := NULL;
  v_clock record;
BEGIN
  IF TG_OP = 'DELETE' THEN v_ticket := OLD."proposal_ticket_id"; ELSE v_ticket := NEW."proposal_ticket_id"; END IF;
  SELECT "due_at", "stopped_at" INTO v_clock FROM "proposal_clocks" WHERE "proposal_ticket_id" = v_ticket ORDER BY "id" DESC LIMIT 1;
  IF FOUND THEN
    v_due := v_clock."due_at";
    v_rank := CASE WHEN v_clock."stopped_at" IS NOT NULL THEN 2 WHEN v_clock."due_at" IS NULL THEN 1 ELSE 0 END;
  END IF;
  UPDATE "proposal_tickets" SET "clock_rank" = v_rank, "clock_due_at" = v_due
  WHERE "id" = v_ticket AND ("clock_rank", "clock_due_at") IS DISTINCT FROM (v_rank, v_due);
  IF TG_OP = 'UPDATE' AND OLD."proposal_ticket_id" <> NEW."proposal_ticket_id" THEN
    RAISE EXCEPTION 'a proposal clock cannot move to another ticket';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "proposal_clocks_ticket_sync" AFTER INSERT OR DELETE OR UPDATE OF "proposal_ticket_id", "started_at", "due_at", "stopped_at" ON "proposal_clocks"
  FOR EACH ROW EXECUTE FUNCTION "proposal_ticket_clock_sync"();
--> statement-breakpoint
UPDATE "proposal_tickets" t SET
  "clock_rank" = CASE WHEN c."stopped_at" IS NOT NULL THEN 2 WHEN c."due_at" IS NULL THEN 1 ELSE 0 END,
  "clock_due_at" = c."due_at"
FROM (SELECT DISTINCT ON ("proposal_ticket_id") "proposal_ticket_id", "due_at", "stopped_at" FROM "proposal_clocks" ORDER BY "proposal_ticket_id", "id" DESC) c
WHERE c."proposal_ticket_id" = t."id";
