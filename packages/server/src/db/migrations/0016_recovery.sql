-- locks: none (new tables and functions only)
CREATE TABLE "arrears_reminders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plate_number" text NOT NULL,
	"channel" text NOT NULL,
	"content" text NOT NULL,
	"operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_records" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"plate_number" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"channel" text NOT NULL,
	"recovered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_records_amount_positive" CHECK ("recovery_records"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "arrears_reminders" ADD CONSTRAINT "arrears_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrears_reminders" ADD CONSTRAINT "arrears_reminders_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrears_reminders_tenant_plate" ON "arrears_reminders" USING btree ("tenant_id","plate_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_records_tenant_payment" ON "recovery_records" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX "recovery_records_tenant_recovered_at" ON "recovery_records" USING btree ("tenant_id","recovered_at");--> statement-breakpoint
CREATE INDEX "recovery_records_tenant_plate" ON "recovery_records" USING btree ("tenant_id","plate_number");--> statement-breakpoint
SELECT parking_enable_tenant_rls('arrears_reminders');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('recovery_records');
