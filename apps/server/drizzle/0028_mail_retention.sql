-- A plain CREATE INDEX (the migrator runs in a transaction, so not CONCURRENTLY) waits for every
-- open transaction that wrote mail_outbox, and every later one queues behind it: a lock wait
-- fails after 2 s instead (the start fails and is retried), then the default is restored for
-- the migrations after this one in the same transaction (docs/decisions/055).
SET LOCAL lock_timeout = '2s';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
SET LOCAL lock_timeout TO DEFAULT;
