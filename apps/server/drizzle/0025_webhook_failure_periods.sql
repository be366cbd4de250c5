ALTER TABLE "webhook_endpoints" ADD COLUMN "last_failure_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_leased_idx" ON "webhook_deliveries" USING btree ("endpoint_id","lease_until") WHERE lease_until is not null;