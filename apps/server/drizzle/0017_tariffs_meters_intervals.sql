CREATE TABLE "meter_interval_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_interval_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"start_seconds" bigint NOT NULL,
	"step_seconds" integer NOT NULL,
	"first_month" text NOT NULL,
	"last_month" text NOT NULL,
	"kwh" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"utility" text NOT NULL,
	"state" text NOT NULL,
	"effective_date" date NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"customer_charge_usd" double precision NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"energy_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"demand_charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"export_credit" text NOT NULL,
	"export_rate_usd_per_kwh" double precision NOT NULL,
	"example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "meters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "construction_start_date" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "expected_in_service_date" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "itc_prevailing_wage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meter_interval_imports" ADD CONSTRAINT "meter_interval_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_interval_imports_project_idx" ON "meter_interval_imports" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "tariffs_state_idx" ON "tariffs" USING btree ("state","name");--> statement-breakpoint
-- Issue 35 item 1: every existing meter's 12 values were typed against month names; they become January to December of the reference year.
UPDATE "projects" SET "meters" = (
	SELECT jsonb_agg(jsonb_build_object('name', 'Meter ' || n, 'tariff_id', NULL, 'load_profile', 'office', 'months', '["2025-01","2025-02","2025-03","2025-04","2025-05","2025-06","2025-07","2025-08","2025-09","2025-10","2025-11","2025-12"]'::jsonb, 'interval_import_id', NULL) ORDER BY n)
	FROM generate_series(1, jsonb_array_length("kilowatt_amounts")) AS n
) WHERE jsonb_typeof("kilowatt_amounts") = 'array' AND jsonb_array_length("kilowatt_amounts") > 0;
