-- locks: payments: ACCESS EXCLUSIVE for a moment (its triggers moved, its index of keys dropped, renames, and an attach its check spares a scan); gateway_orders, invoice_payments, payment_idempotency_keys, recovery_records, refunds: ACCESS EXCLUSIVE for a moment each (their keys to a payment re-pointed, added NOT VALID: nothing is scanned)
-- Monthly partitions of payments, step 4 of 5: the table becomes `payments_legacy`, the partition of
-- every month before the first; its twin takes its name and the partitions of its first two months (the
-- job, db/month-partitions.ts, keeps three months ahead made from then on). Its triggers move to the
-- twin: a row trigger of a partitioned table is every partition's, and a partition's own statement
-- triggers fire only for writes that name it. payment_idempotency_keys holds every key now (0070), so
-- the legacy table's unique index of keys goes, and the trigger claims a key there alone. Each link to a
-- payment names the twin, with the same action on delete; 0072 validates them while writes go on.
-- The revenue functions and the payment's stage find a payment and a record by the link's whole key:
-- by the id alone every month would be looked in.
-- A process of an earlier release names the index of keys in its ON CONFLICT: its payments fail from
-- here on, and its callers' retries reach the upgraded processes.
DROP TRIGGER "payments_claim_key" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_record_month" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_revenue_stage" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_revenue_insert" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_revenue_update" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_revenue_delete" ON "payments";
--> statement-breakpoint
DROP INDEX "payments_legacy_tenant_idempotency_key";
--> statement-breakpoint
ALTER TABLE "payments" RENAME TO "payments_legacy";
--> statement-breakpoint
ALTER TABLE "payments_by_month" RENAME TO "payments";
--> statement-breakpoint
DO $$
DECLARE
  first_month timestamptz := (SELECT months_from FROM month_partitions WHERE table_name = 'payments');
BEGIN
  EXECUTE format('ALTER TABLE payments ATTACH PARTITION payments_legacy FOR VALUES FROM (MINVALUE) TO (%L)', first_month);
  PERFORM parking_add_month_partition('payments', first_month);
  PERFORM parking_add_month_partition('payments', parking_month_start(first_month, 1));
END $$;
--> statement-breakpoint
-- a payment's revenue facts take the rows of the table named payments: the function 0040 made took the table now attached as legacy
DROP FUNCTION revenue_facts_payments(payments_legacy[]);
--> statement-breakpoint
CREATE FUNCTION revenue_facts_payments(rows payments[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT p.tenant_id, r.lot_id, revenue_business_day(p.paid_at), p.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    p.amount::bigint,
    CASE WHEN p.stage = 'prepaid' THEN p.amount ELSE 0 END::bigint,
    CASE WHEN p.stage = 'recovery' THEN p.amount ELSE 0 END::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS p JOIN parking_records r ON r.tenant_id = p.tenant_id AND r.id = p.record_id AND r.created_at = p.record_created_at
  WHERE p.status = 'succeeded'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_facts_refunds(rows refunds[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT f.tenant_id, r.lot_id, revenue_business_day(f.decided_at), p.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    f.amount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS f
  JOIN payments p ON p.tenant_id = f.tenant_id AND p.id = f.payment_id AND p.created_at = f.payment_created_at
  JOIN parking_records r ON r.tenant_id = f.tenant_id AND r.id = f.record_id AND r.created_at = f.record_created_at
  WHERE f.status = 'approved' AND f.decided_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_payment_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- payments are written before the record takes them (payment.service), so its state is the one paid in
  SELECT CASE r.state WHEN 'parked' THEN 'prepaid' WHEN 'unpaid' THEN 'recovery' ELSE 'exit' END INTO NEW.stage
  FROM parking_records r WHERE r.tenant_id = NEW.tenant_id AND r.id = NEW.record_id AND r.created_at = NEW.record_created_at;
  NEW.stage := coalesce(NEW.stage, 'exit');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parking_claim_payment_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_idempotency_keys (tenant_id, idempotency_key, payment_id, payment_created_at)
  VALUES (NEW.tenant_id, NEW.idempotency_key, NEW.id, NEW.created_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- BEFORE row triggers fire by name: the key is claimed first, the record's month is filled before the stage reads the record by it
CREATE TRIGGER payments_claim_key BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION parking_claim_payment_key();
--> statement-breakpoint
CREATE TRIGGER payments_record_month BEFORE INSERT OR UPDATE OF record_id ON payments FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER payments_revenue_stage BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION revenue_payment_stage();
--> statement-breakpoint
CREATE TRIGGER payments_revenue_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_revenue_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_revenue_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_payments_changed();
--> statement-breakpoint
ALTER TABLE "gateway_orders" RENAME CONSTRAINT "gateway_orders_payment_fk" TO "gateway_orders_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") ON DELETE SET NULL (payment_id, payment_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "gateway_orders" DROP CONSTRAINT "gateway_orders_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payments" RENAME CONSTRAINT "invoice_payments_payment_fk" TO "invoice_payments_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" RENAME CONSTRAINT "payment_idempotency_keys_payment_fk" TO "payment_idempotency_keys_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" ADD CONSTRAINT "payment_idempotency_keys_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" DROP CONSTRAINT "payment_idempotency_keys_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" RENAME CONSTRAINT "recovery_records_payment_fk" TO "recovery_records_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "recovery_records" DROP CONSTRAINT "recovery_records_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "refunds" RENAME CONSTRAINT "refunds_payment_fk" TO "refunds_payment_legacy_fk";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_legacy_fk";
