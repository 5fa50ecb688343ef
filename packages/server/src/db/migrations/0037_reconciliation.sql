-- locks: none (new tables and functions only)
CREATE TABLE "reconciliation_batches" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_no" text NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"our_count" integer DEFAULT 0 NOT NULL,
	"our_amount" integer DEFAULT 0 NOT NULL,
	"our_refund_count" integer DEFAULT 0 NOT NULL,
	"our_refund_amount" integer DEFAULT 0 NOT NULL,
	"channel_count" integer DEFAULT 0 NOT NULL,
	"channel_amount" integer DEFAULT 0 NOT NULL,
	"channel_refund_count" integer DEFAULT 0 NOT NULL,
	"channel_refund_amount" integer DEFAULT 0 NOT NULL,
	"mistake_count" integer DEFAULT 0 NOT NULL,
	"unhandled_count" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"reconciled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_batches_state" CHECK ("reconciliation_batches"."state" in ('succeeded', 'failed', 'no_bill'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_mistakes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_no" text NOT NULL,
	"refund_no" text DEFAULT '' NOT NULL,
	"trade_no" text DEFAULT '' NOT NULL,
	"record_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"our_amount" integer DEFAULT 0 NOT NULL,
	"channel_amount" integer DEFAULT 0 NOT NULL,
	"traded_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"resolution" text,
	"remark" text DEFAULT '' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_mistakes_kind" CHECK ("reconciliation_mistakes"."kind" in ('our_missing', 'channel_missing', 'amount_mismatch', 'state_mismatch')),
	CONSTRAINT "reconciliation_mistakes_status" CHECK ("reconciliation_mistakes"."status" in ('pending', 'unhandled', 'resolved')),
	CONSTRAINT "reconciliation_mistakes_resolution" CHECK ("reconciliation_mistakes"."resolution" is null or "reconciliation_mistakes"."resolution" in ('channel', 'ours', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_batches" ADD CONSTRAINT "reconciliation_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mistakes" ADD CONSTRAINT "reconciliation_mistakes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mistakes" ADD CONSTRAINT "reconciliation_mistakes_batch_id_reconciliation_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."reconciliation_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mistakes" ADD CONSTRAINT "reconciliation_mistakes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_batches_tenant_day_channel" ON "reconciliation_batches" USING btree ("tenant_id","day","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_batches_tenant_batch_no" ON "reconciliation_batches" USING btree ("tenant_id","batch_no");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_mistakes_batch_item" ON "reconciliation_mistakes" USING btree ("tenant_id","batch_id","kind","order_no","refund_no");--> statement-breakpoint
CREATE INDEX "reconciliation_mistakes_tenant_status" ON "reconciliation_mistakes" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
SELECT parking_enable_tenant_rls('reconciliation_batches');--> statement-breakpoint
SELECT parking_enable_tenant_rls('reconciliation_mistakes');
