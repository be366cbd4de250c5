CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"referred_by" integer,
	"click_id" integer,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"conflict" text,
	"company_name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"address_1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"site_key" text GENERATED ALWAYS AS (sunin_site_key(address_1, city, state, zip)) STORED NOT NULL,
	"utility_company" text,
	"average_monthly_bill_cents" bigint,
	"usage_file_key" text,
	"usage" jsonb,
	"upload_token_hash" text,
	"upload_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"rejected_reason" text,
	"rejected_by" integer,
	"project_id" integer,
	"converted_at" timestamp with time zone,
	"converted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_project_id_unique" UNIQUE("project_id")
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" integer NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_clicks_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_click_id_referral_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "referral_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_by_users_id_fk" FOREIGN KEY ("converted_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_user_created_idx" ON "leads" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "leads_open_site_uidx" ON "leads" USING btree ("site_key") WHERE status in ('new', 'contacted') and site_key <> '';--> statement-breakpoint
CREATE INDEX "leads_open_expiry_idx" ON "leads" USING btree ("expires_at") WHERE status in ('new', 'contacted') and expires_at is not null;--> statement-breakpoint
CREATE INDEX "leads_upload_token_idx" ON "leads" USING btree ("upload_token_hash") WHERE upload_token_hash is not null;--> statement-breakpoint
CREATE INDEX "referral_clicks_user_idx" ON "referral_clicks" USING btree ("user_id","clicked_at");