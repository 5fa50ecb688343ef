-- locks: none (new tables and functions only)
CREATE TABLE "invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"customer_id" uuid,
	"phone" text DEFAULT '' NOT NULL,
	"lot_id" uuid NOT NULL,
	"buyer_type" text NOT NULL,
	"buyer_title" text NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"invoice_no" text,
	"cause" text DEFAULT '' NOT NULL,
	"pdf_path" text,
	"reissue_of" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"red_flushed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."amount" > 0),
	CONSTRAINT "invoices_buyer_type" CHECK ("invoices"."buyer_type" in ('personal', 'company')),
	CONSTRAINT "invoices_state" CHECK ("invoices"."state" in ('pending', 'issuing', 'issued', 'failed', 'redPending', 'redFlushed'))
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"holds" boolean DEFAULT true NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoice_orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"state" text NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"request" jsonb NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_no" ON "invoices" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "invoices_tenant_requested" ON "invoices" USING btree ("tenant_id","requested_at");--> statement-breakpoint
CREATE INDEX "invoices_tenant_state" ON "invoices" USING btree ("tenant_id","state","requested_at");--> statement-breakpoint
CREATE INDEX "invoices_tenant_customer" ON "invoices" USING btree ("tenant_id","customer_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_invoice_payment" ON "invoice_payments" USING btree ("invoice_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_held" ON "invoice_payments" USING btree ("payment_id") WHERE "invoice_payments"."holds";--> statement-breakpoint
CREATE INDEX "invoice_payments_tenant_payment" ON "invoice_payments" USING btree ("tenant_id","payment_id");--> statement-breakpoint
SELECT parking_enable_tenant_rls('invoices');--> statement-breakpoint
SELECT parking_enable_tenant_rls('invoice_payments');
