-- locks: coupons (SHARE ROW EXCLUSIVE, brief: adds a trigger); group_card_uses (SHARE ROW EXCLUSIVE, brief: adds a trigger); parking_records (SHARE ROW EXCLUSIVE, brief: adds a trigger); payments (ACCESS EXCLUSIVE, brief: adds a column with a constant default, row locks: updates existing rows, SHARE ROW EXCLUSIVE, brief: adds a trigger); recovery_records (SHARE ROW EXCLUSIVE, brief: adds a trigger); refunds (SHARE while an index is built: blocks writes, SHARE ROW EXCLUSIVE, brief: adds a trigger)
-- 营收报表: money per tenant, lot, Shanghai business day and payment channel, kept by statement
-- triggers on the tables the money lives in, in the same transaction as each write, so a year's
-- report is a sum of a few thousand rows, not a scan of millions of records. Each source table has
-- one revenue_facts_* function giving the facts of a set of its rows; a trigger adds the facts of the
-- new rows and takes off those of the old ones, and revenue_daily_recompute gives the same facts from
-- the whole tables, which the tests hold the kept rows equal to.
CREATE TABLE "revenue_daily" (
	"tenant_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"day" date NOT NULL,
	-- '' for what a stay owes (counted on its exit day); a payment channel for money taken, refunded or recovered
	"channel" text NOT NULL,
	"stays" bigint DEFAULT 0 NOT NULL,
	"receivable" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"coupon_discount" bigint DEFAULT 0 NOT NULL,
	"card_discount" bigint DEFAULT 0 NOT NULL,
	"arrears" bigint DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"received_prepaid" bigint DEFAULT 0 NOT NULL,
	"received_recovery" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"recovered" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_daily_tenant_id_lot_id_day_channel_pk" PRIMARY KEY("tenant_id","lot_id","day","channel")
);
--> statement-breakpoint
ALTER TABLE "revenue_daily" ADD CONSTRAINT "revenue_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_daily" ADD CONSTRAINT "revenue_daily_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_daily_tenant_day" ON "revenue_daily" USING btree ("tenant_id","day");--> statement-breakpoint
-- a stay's refunds are read with it (its discount is net of them)
CREATE INDEX "refunds_tenant_record" ON "refunds" USING btree ("tenant_id","record_id");--> statement-breakpoint
-- when in the stay money was taken, fixed when it is: prepaid (the car still in), at exit, or a
-- recovery (追缴, the stay had gone to arrears); set from the record as it was before the payment
ALTER TABLE "payments" ADD COLUMN "stage" text DEFAULT 'exit' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_stage" CHECK ("payments"."stage" in ('prepaid', 'exit', 'recovery'));--> statement-breakpoint
UPDATE "payments" AS p SET "stage" = CASE
    WHEN EXISTS (SELECT 1 FROM "recovery_records" AS rr WHERE rr."tenant_id" = p."tenant_id" AND rr."payment_id" = p."id") THEN 'recovery'
    WHEN r."exited_at" IS NULL OR p."paid_at" < r."exited_at" THEN 'prepaid'
    ELSE 'exit' END
  FROM "parking_records" AS r WHERE r."id" = p."record_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_payment_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- payments are written before the record takes them (payment.service), so its state is the one paid in
  SELECT CASE r.state WHEN 'parked' THEN 'prepaid' WHEN 'unpaid' THEN 'recovery' ELSE 'exit' END INTO NEW.stage
  FROM parking_records r WHERE r.id = NEW.record_id;
  NEW.stage := coalesce(NEW.stage, 'exit');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_revenue_stage BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION revenue_payment_stage();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_business_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'Asia/Shanghai')::date
$$;
--> statement-breakpoint
-- a stay is counted once its car has left, unless voided
CREATE OR REPLACE FUNCTION revenue_stay_counted(state text, exited_at timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT exited_at IS NOT NULL AND state NOT IN ('parked', 'void')
$$;
--> statement-breakpoint
-- One row of facts; every revenue_facts_* function answers rows of this shape.
CREATE TYPE revenue_fact AS (
	tenant_id uuid, lot_id uuid, day date, channel text,
	stays bigint, receivable bigint, discount bigint, coupon_discount bigint, card_discount bigint, arrears bigint,
	received bigint, received_prepaid bigint, received_recovery bigint, refunded bigint, recovered bigint
);
--> statement-breakpoint
-- A stay, on its exit day: 应收 (amount due), its discount net of approved refunds (a refund is
-- booked as a discount on the record; the report counts it as 退款 on its own day), the coupons and
-- group card among the discount, and what is still owed if it went to arrears (欠费).
CREATE OR REPLACE FUNCTION revenue_facts_records(rows parking_records[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), ''::text,
    1::bigint, r.amount_due::bigint,
    (r.discount - CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(f.amount) FROM refunds f WHERE f.tenant_id = r.tenant_id AND f.record_id = r.id AND f.status = 'approved'), 0) ELSE 0 END)::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(c.discount) FROM coupons c WHERE c.tenant_id = r.tenant_id AND c.record_id = r.id AND c.state = 'used'), 0) ELSE 0 END::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(u.discount) FROM group_card_uses u WHERE u.tenant_id = r.tenant_id AND u.lot_id = r.lot_id AND u.plate_number = r.plate_number AND u.used_at = r.exited_at), 0) ELSE 0 END::bigint,
    CASE WHEN r.state = 'unpaid' THEN r.unpaid ELSE 0 END::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS r
  WHERE revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
-- 实收: a payment on its payment day, by channel and by when in the stay it was taken.
CREATE OR REPLACE FUNCTION revenue_facts_payments(rows payments[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT p.tenant_id, r.lot_id, revenue_business_day(p.paid_at), p.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    p.amount::bigint,
    CASE WHEN p.stage = 'prepaid' THEN p.amount ELSE 0 END::bigint,
    CASE WHEN p.stage = 'recovery' THEN p.amount ELSE 0 END::bigint,
    0::bigint, 0::bigint
  FROM unnest(rows) AS p JOIN parking_records r ON r.id = p.record_id
  WHERE p.status = 'succeeded'
$$;
--> statement-breakpoint
-- 退款: an approved refund on the day it was approved, by its payment's channel.
CREATE OR REPLACE FUNCTION revenue_facts_refunds(rows refunds[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT f.tenant_id, r.lot_id, revenue_business_day(f.decided_at), p.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    f.amount::bigint, 0::bigint
  FROM unnest(rows) AS f JOIN payments p ON p.id = f.payment_id JOIN parking_records r ON r.id = f.record_id
  WHERE f.status = 'approved' AND f.decided_at IS NOT NULL
$$;
--> statement-breakpoint
-- The three functions below are the parts of revenue_facts_records that read another table, seen
-- from that table: its triggers keep them when its rows change (a stay's are kept when the stay
-- changes). A recomputation reads them only through revenue_facts_records, once.
-- An approved refund taken back off its stay's discount, on the stay's exit day.
CREATE OR REPLACE FUNCTION revenue_facts_refund_discounts(rows refunds[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT f.tenant_id, r.lot_id, revenue_business_day(r.exited_at), '',
    0::bigint, 0::bigint, -f.amount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS f JOIN parking_records r ON r.id = f.record_id
  WHERE f.status = 'approved' AND r.discount > 0 AND revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
-- 追缴: money recovered for a stay in arrears, on the day recovered.
CREATE OR REPLACE FUNCTION revenue_facts_recoveries(rows recovery_records[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT v.tenant_id, v.lot_id, revenue_business_day(v.recovered_at), v.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    v.amount::bigint
  FROM unnest(rows) AS v
$$;
--> statement-breakpoint
-- A used coupon's discount, on its stay's exit day.
CREATE OR REPLACE FUNCTION revenue_facts_coupons(rows coupons[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), '',
    0::bigint, 0::bigint, 0::bigint, c.discount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS c JOIN parking_records r ON r.id = c.record_id
  WHERE c.state = 'used' AND r.discount > 0 AND revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
-- A group card's part of a stay (its use is dated at the stay's exit), on that exit day.
CREATE OR REPLACE FUNCTION revenue_facts_card_uses(rows group_card_uses[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), '',
    0::bigint, 0::bigint, 0::bigint, 0::bigint, u.discount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS u
  JOIN parking_records r ON r.tenant_id = u.tenant_id AND r.lot_id = u.lot_id AND r.plate_number = u.plate_number AND r.exited_at = u.used_at
  WHERE r.discount > 0 AND revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
-- Adds facts (old ones negated by the caller) to the kept rows, one upsert per tenant, lot, day and channel.
CREATE OR REPLACE FUNCTION revenue_daily_apply(added revenue_fact[], removed revenue_fact[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revenue_daily AS d (tenant_id, lot_id, day, channel, stays, receivable, discount, coupon_discount, card_discount, arrears, received, received_prepaid, received_recovery, refunded, recovered)
  SELECT tenant_id, lot_id, day, channel, sum(stays), sum(receivable), sum(discount), sum(coupon_discount), sum(card_discount), sum(arrears),
    sum(received), sum(received_prepaid), sum(received_recovery), sum(refunded), sum(recovered)
  FROM (
    SELECT a.* FROM unnest(added) AS a
    UNION ALL
    SELECT o.tenant_id, o.lot_id, o.day, o.channel, -o.stays, -o.receivable, -o.discount, -o.coupon_discount, -o.card_discount, -o.arrears,
      -o.received, -o.received_prepaid, -o.received_recovery, -o.refunded, -o.recovered
    FROM unnest(removed) AS o
  ) AS f
  GROUP BY tenant_id, lot_id, day, channel
  HAVING sum(stays) <> 0 OR sum(receivable) <> 0 OR sum(discount) <> 0 OR sum(coupon_discount) <> 0 OR sum(card_discount) <> 0 OR sum(arrears) <> 0
    OR sum(received) <> 0 OR sum(received_prepaid) <> 0 OR sum(received_recovery) <> 0 OR sum(refunded) <> 0 OR sum(recovered) <> 0
  ORDER BY tenant_id, lot_id, day, channel
  ON CONFLICT (tenant_id, lot_id, day, channel) DO UPDATE SET
    stays = d.stays + excluded.stays, receivable = d.receivable + excluded.receivable, discount = d.discount + excluded.discount,
    coupon_discount = d.coupon_discount + excluded.coupon_discount, card_discount = d.card_discount + excluded.card_discount,
    arrears = d.arrears + excluded.arrears, received = d.received + excluded.received, received_prepaid = d.received_prepaid + excluded.received_prepaid,
    received_recovery = d.received_recovery + excluded.received_recovery, refunded = d.refunded + excluded.refunded, recovered = d.recovered + excluded.recovered
$$;
--> statement-breakpoint
-- One trigger function per source table and kind of statement; each reads the statement's rows once.
CREATE OR REPLACE FUNCTION revenue_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- most rows of an ingest batch are entries, which count nothing: only rows that left are read further
    SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_records((SELECT array_agg(ROW(n.*)::parking_records) FROM new_rows n WHERE revenue_stay_counted(n.state, n.exited_at))) AS f;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_records((SELECT array_agg(ROW(o.*)::parking_records) FROM old_rows o WHERE revenue_stay_counted(o.state, o.exited_at))) AS f;
  END IF;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_payments((SELECT array_agg(ROW(n.*)::payments) FROM new_rows n)) AS f; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_payments((SELECT array_agg(ROW(o.*)::payments) FROM old_rows o)) AS f; END IF;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(f), '{}') INTO added FROM (
      SELECT * FROM revenue_facts_refunds((SELECT array_agg(ROW(n.*)::refunds) FROM new_rows n WHERE n.status = 'approved'))
      UNION ALL SELECT * FROM revenue_facts_refund_discounts((SELECT array_agg(ROW(n.*)::refunds) FROM new_rows n WHERE n.status = 'approved'))) AS f;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(f), '{}') INTO removed FROM (
      SELECT * FROM revenue_facts_refunds((SELECT array_agg(ROW(o.*)::refunds) FROM old_rows o WHERE o.status = 'approved'))
      UNION ALL SELECT * FROM revenue_facts_refund_discounts((SELECT array_agg(ROW(o.*)::refunds) FROM old_rows o WHERE o.status = 'approved'))) AS f;
  END IF;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_recoveries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_recoveries((SELECT array_agg(ROW(n.*)::recovery_records) FROM new_rows n)) AS f; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_recoveries((SELECT array_agg(ROW(o.*)::recovery_records) FROM old_rows o)) AS f; END IF;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_coupons_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_coupons((SELECT array_agg(ROW(n.*)::coupons) FROM new_rows n WHERE n.state = 'used')) AS f; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_coupons((SELECT array_agg(ROW(o.*)::coupons) FROM old_rows o WHERE o.state = 'used')) AS f; END IF;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_card_uses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_card_uses((SELECT array_agg(ROW(n.*)::group_card_uses) FROM new_rows n)) AS f; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_card_uses((SELECT array_agg(ROW(o.*)::group_card_uses) FROM old_rows o)) AS f; END IF;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER parking_records_revenue_insert AFTER INSERT ON parking_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_records_changed();
CREATE TRIGGER parking_records_revenue_update AFTER UPDATE ON parking_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_records_changed();
CREATE TRIGGER parking_records_revenue_delete AFTER DELETE ON parking_records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_records_changed();
CREATE TRIGGER payments_revenue_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_payments_changed();
CREATE TRIGGER payments_revenue_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_payments_changed();
CREATE TRIGGER payments_revenue_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_payments_changed();
CREATE TRIGGER refunds_revenue_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_refunds_changed();
CREATE TRIGGER refunds_revenue_update AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_refunds_changed();
CREATE TRIGGER refunds_revenue_delete AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_refunds_changed();
CREATE TRIGGER recovery_records_revenue_insert AFTER INSERT ON recovery_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_recoveries_changed();
CREATE TRIGGER recovery_records_revenue_update AFTER UPDATE ON recovery_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_recoveries_changed();
CREATE TRIGGER recovery_records_revenue_delete AFTER DELETE ON recovery_records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_recoveries_changed();
CREATE TRIGGER coupons_revenue_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_coupons_changed();
CREATE TRIGGER coupons_revenue_update AFTER UPDATE ON coupons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_coupons_changed();
CREATE TRIGGER coupons_revenue_delete AFTER DELETE ON coupons REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_coupons_changed();
CREATE TRIGGER group_card_uses_revenue_insert AFTER INSERT ON group_card_uses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_card_uses_changed();
CREATE TRIGGER group_card_uses_revenue_update AFTER UPDATE ON group_card_uses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_card_uses_changed();
CREATE TRIGGER group_card_uses_revenue_delete AFTER DELETE ON group_card_uses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_card_uses_changed();
--> statement-breakpoint
-- The facts of a tenant's days [from_day, to_day] read from the source tables themselves: what the
-- kept rows must equal (the tests), and what a repair writes over them.
CREATE OR REPLACE FUNCTION revenue_daily_recompute(tenant uuid, from_day date, to_day date) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT tenant_id, lot_id, day, channel, sum(stays)::bigint, sum(receivable)::bigint, sum(discount)::bigint, sum(coupon_discount)::bigint, sum(card_discount)::bigint,
    sum(arrears)::bigint, sum(received)::bigint, sum(received_prepaid)::bigint, sum(received_recovery)::bigint, sum(refunded)::bigint, sum(recovered)::bigint
  FROM (
    SELECT * FROM revenue_facts_records((SELECT array_agg(r) FROM parking_records r WHERE r.tenant_id = tenant AND revenue_stay_counted(r.state, r.exited_at)
      AND r.exited_at >= (from_day::timestamp AT TIME ZONE 'Asia/Shanghai') AND r.exited_at < ((to_day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')))
    UNION ALL
    SELECT * FROM revenue_facts_payments((SELECT array_agg(p) FROM payments p WHERE p.tenant_id = tenant
      AND p.paid_at >= (from_day::timestamp AT TIME ZONE 'Asia/Shanghai') AND p.paid_at < ((to_day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')))
    UNION ALL
    SELECT * FROM revenue_facts_refunds((SELECT array_agg(f) FROM refunds f WHERE f.tenant_id = tenant AND f.status = 'approved'
      AND f.decided_at >= (from_day::timestamp AT TIME ZONE 'Asia/Shanghai') AND f.decided_at < ((to_day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')))
    UNION ALL
    SELECT * FROM revenue_facts_recoveries((SELECT array_agg(v) FROM recovery_records v WHERE v.tenant_id = tenant
      AND v.recovered_at >= (from_day::timestamp AT TIME ZONE 'Asia/Shanghai') AND v.recovered_at < ((to_day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')))

  ) AS f
  WHERE day BETWEEN from_day AND to_day
  GROUP BY tenant_id, lot_id, day, channel
  HAVING sum(stays) <> 0 OR sum(receivable) <> 0 OR sum(discount) <> 0 OR sum(coupon_discount) <> 0 OR sum(card_discount) <> 0 OR sum(arrears) <> 0
    OR sum(received) <> 0 OR sum(received_prepaid) <> 0 OR sum(received_recovery) <> 0 OR sum(refunded) <> 0 OR sum(recovered) <> 0
$$;
--> statement-breakpoint
-- Repair: the kept rows of a tenant's days replaced by a recomputation (after a bulk load that bypassed the triggers, say).
CREATE OR REPLACE FUNCTION revenue_daily_repair(tenant uuid, from_day date, to_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM revenue_daily WHERE tenant_id = tenant AND day BETWEEN from_day AND to_day;
  INSERT INTO revenue_daily (tenant_id, lot_id, day, channel, stays, receivable, discount, coupon_discount, card_discount, arrears, received, received_prepaid, received_recovery, refunded, recovered)
  SELECT * FROM revenue_daily_recompute(tenant, from_day, to_day);
END $$;
--> statement-breakpoint
-- the rows already there are counted by 0039, a month at a time: a single call over a large
-- tenant's whole history holds every stay in one array and can pass PostgreSQL's 1 GB limit
SELECT parking_enable_tenant_rls('revenue_daily');
