-- locks: none (new tables and functions only)
CREATE TABLE "coupon_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer,
	"amount_off" integer,
	"discount_percent" integer,
	"max_off" integer,
	"period_start" text,
	"period_end" text,
	"price" integer NOT NULL,
	"valid_hours" integer NOT NULL,
	"before_entry" boolean DEFAULT false NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"stack_limit" integer DEFAULT 1 NOT NULL,
	"with_benefits" boolean DEFAULT false NOT NULL,
	"min_due" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coupons_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" uuid,
	"template_name" text NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer,
	"amount_off" integer,
	"discount_percent" integer,
	"max_off" integer,
	"period_start" text,
	"period_end" text,
	"stackable" boolean NOT NULL,
	"stack_limit" integer NOT NULL,
	"with_benefits" boolean NOT NULL,
	"min_due" integer NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_name" text NOT NULL,
	"lot_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"plate_number" text NOT NULL,
	"plate_colour" integer NOT NULL,
	"price" integer NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"record_id" uuid,
	"used_at" timestamp with time zone,
	"discount" integer DEFAULT 0 NOT NULL,
	"issued_by" text NOT NULL,
	"issued_by_user" uuid,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_ledger" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "merchant_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_before" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"coupon_id" uuid,
	"coupon_no" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	CONSTRAINT "merchant_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text NOT NULL,
	"lot_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"settlement" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"overdraft_limit" integer DEFAULT 0 NOT NULL,
	"daily_coupon_limit" integer,
	"monthly_coupon_limit" integer,
	"monthly_amount_limit" integer,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_issued_by_user_users_id_fk" FOREIGN KEY ("issued_by_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_sessions" ADD CONSTRAINT "merchant_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_sessions" ADD CONSTRAINT "merchant_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_templates_tenant_name" ON "coupon_templates" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "coupons_tenant_plate_state" ON "coupons" USING btree ("tenant_id","plate_number","state");--> statement-breakpoint
CREATE INDEX "coupons_tenant_merchant_issued" ON "coupons" USING btree ("tenant_id","merchant_id","issued_at");--> statement-breakpoint
CREATE INDEX "coupons_tenant_issued" ON "coupons" USING btree ("tenant_id","issued_at");--> statement-breakpoint
CREATE INDEX "coupons_tenant_used" ON "coupons" USING btree ("tenant_id","used_at");--> statement-breakpoint
CREATE INDEX "coupons_tenant_record" ON "coupons" USING btree ("tenant_id","record_id");--> statement-breakpoint
CREATE INDEX "merchant_ledger_tenant_merchant_at" ON "merchant_ledger" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_ledger_tenant_at" ON "merchant_ledger" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_sessions_tenant_merchant" ON "merchant_sessions" USING btree ("tenant_id","merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_tenant_name" ON "merchants" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_tenant_account" ON "merchants" USING btree ("tenant_id","account");--> statement-breakpoint
SELECT parking_enable_tenant_rls('merchants');--> statement-breakpoint
SELECT parking_enable_tenant_rls('merchant_ledger');--> statement-breakpoint
SELECT parking_enable_tenant_rls('coupon_templates');--> statement-breakpoint
SELECT parking_enable_tenant_rls('coupons');--> statement-breakpoint
SELECT parking_enable_tenant_rls('merchant_sessions');