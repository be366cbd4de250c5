CREATE TABLE "proposal_clocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_clocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proposal_ticket_id" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"reminded_hours_left_at" timestamp with time zone,
	"reminded_deadline_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "proposal_clocks" ADD CONSTRAINT "proposal_clocks_proposal_ticket_id_proposal_tickets_id_fk" FOREIGN KEY ("proposal_ticket_id") REFERENCES "proposal_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_clocks_ticket_idx" ON "proposal_clocks" USING btree ("proposal_ticket_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposal_clocks_running_due_idx" ON "proposal_clocks" USING btree ("due_at") WHERE stopped_at is null;--> statement-breakpoint
CREATE INDEX "proposal_clocks_started_idx" ON "proposal_clocks" USING btree ("started_at");--> statement-breakpoint
-- Backfill (issue 18 item 1): each request or revision in a ticket's history that opened a
-- clock (the ticket's first row, or one after a delivery or rejection) becomes a clock, started
-- at the request (the bill's receipt time was not recorded before), stopped by the next
-- delivery (3, 7) or rejection (4, 8). An open clock of a project whose bill is not received
-- waits for it. Clocks already past their deadline count as reminded: the first run of the
-- reminder job must not send a burst about old tickets.
WITH marks AS (
  SELECT h.id, h.proposal_ticket_id, h.status, h.event_date,
    lag(h.status) OVER (PARTITION BY h.proposal_ticket_id ORDER BY h.event_date, h.id) AS previous_status
  FROM proposal_ticket_histories h
),
opened AS (
  SELECT m.proposal_ticket_id, m.event_date AS requested_at,
    (SELECT s.event_date FROM proposal_ticket_histories s
      WHERE s.proposal_ticket_id = m.proposal_ticket_id AND s.status IN (3, 4, 7, 8)
        AND (s.event_date, s.id) > (m.event_date, m.id)
      ORDER BY s.event_date, s.id LIMIT 1) AS stopped_at,
    (SELECT s.status FROM proposal_ticket_histories s
      WHERE s.proposal_ticket_id = m.proposal_ticket_id AND s.status IN (3, 4, 7, 8)
        AND (s.event_date, s.id) > (m.event_date, m.id)
      ORDER BY s.event_date, s.id LIMIT 1) AS stop_status
  FROM marks m
  WHERE m.status IN (1, 5) AND (m.previous_status IS NULL OR m.previous_status IN (3, 4, 7, 8))
),
timed AS (
  SELECT o.*, (o.stopped_at IS NOT NULL OR coalesce(p.power_bill_received_status, 'No') = 'Yes') AS started
  FROM opened o
  JOIN proposal_tickets t ON t.id = o.proposal_ticket_id
  JOIN projects p ON p.id = t.project_id
)
INSERT INTO "proposal_clocks" ("proposal_ticket_id", "requested_at", "started_at", "due_at", "stopped_at", "delivered_at", "reminded_hours_left_at", "reminded_deadline_at")
SELECT proposal_ticket_id, requested_at,
  CASE WHEN started THEN requested_at END,
  CASE WHEN started THEN requested_at + interval '48 hours' END,
  stopped_at,
  CASE WHEN stop_status IN (3, 7) THEN stopped_at END,
  CASE WHEN started AND stopped_at IS NULL AND requested_at + interval '36 hours' <= now() THEN now() END,
  CASE WHEN started AND stopped_at IS NULL AND requested_at + interval '48 hours' <= now() THEN now() END
FROM timed
ORDER BY requested_at;
