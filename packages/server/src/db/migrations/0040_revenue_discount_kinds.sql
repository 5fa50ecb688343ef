-- locks: parking_records (ACCESS EXCLUSIVE, brief: adds a column with a constant default, ACCESS EXCLUSIVE while a CHECK scans every row); revenue_daily (ACCESS EXCLUSIVE, brief: adds a column with a constant default, row locks: deletes rows, row locks: inserts rows); small tables only otherwise
-- 营收报表 splits the discount by kind and counts paid special bills (特殊账单) as received.
-- A stay keeps the parts of its discount a long-rental card, a white-list entry and a waiver of
-- arrears gave (written by the one writer that prices or waives it; stays before this migration
-- have none, so their such discounts stay among the rest); coupons and group cards keep theirs in
-- their own tables as before. A paid special bill is received on its payment day, by the channel it
-- came by, in the bill's lot (a bill whose lot is gone is not counted, as the kept rows of a deleted
-- lot go with it). The facts functions and the repair are replaced to carry the new columns, and
-- every tenant's kept rows are recomputed a month at a time, so bills paid before are counted.
ALTER TABLE "parking_records" ADD COLUMN "long_rental_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_records" ADD COLUMN "white_list_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_records" ADD COLUMN "waiver_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "special_bills" ADD COLUMN "paid_channel" text;--> statement-breakpoint
ALTER TABLE "revenue_daily" ADD COLUMN "long_rental_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_daily" ADD COLUMN "white_list_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_daily" ADD COLUMN "waiver_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_daily" ADD COLUMN "received_special" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- checked over the existing rows (one scan of the table): their new columns are 0, so each holds it
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_discount_kinds" CHECK ("parking_records"."long_rental_discount" >= 0 AND "parking_records"."white_list_discount" >= 0 AND "parking_records"."waiver_discount" >= 0 AND "parking_records"."long_rental_discount" + "parking_records"."white_list_discount" + "parking_records"."waiver_discount" <= "parking_records"."discount");
--> statement-breakpoint
-- paid through the payment gateway only, whose payments are booked on the sandbox channel (settleGatewayOrder)
UPDATE "special_bills" SET "paid_channel" = 'sandbox' WHERE "status" = 'paid';
--> statement-breakpoint
ALTER TYPE revenue_fact ADD ATTRIBUTE long_rental_discount bigint, ADD ATTRIBUTE white_list_discount bigint, ADD ATTRIBUTE waiver_discount bigint, ADD ATTRIBUTE received_special bigint;
--> statement-breakpoint
-- A stay, on its exit day, as in 0036, with the long-rental, white-list and waiver parts of its discount.
CREATE OR REPLACE FUNCTION revenue_facts_records(rows parking_records[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), ''::text,
    1::bigint, r.amount_due::bigint,
    (r.discount - CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(f.amount) FROM refunds f WHERE f.tenant_id = r.tenant_id AND f.record_id = r.id AND f.status = 'approved'), 0) ELSE 0 END)::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(c.discount) FROM coupons c WHERE c.tenant_id = r.tenant_id AND c.record_id = r.id AND c.state = 'used'), 0) ELSE 0 END::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(u.discount) FROM group_card_uses u WHERE u.tenant_id = r.tenant_id AND u.lot_id = r.lot_id AND u.plate_number = r.plate_number AND u.used_at = r.exited_at), 0) ELSE 0 END::bigint,
    CASE WHEN r.state = 'unpaid' THEN r.unpaid ELSE 0 END::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    r.long_rental_discount::bigint, r.white_list_discount::bigint, r.waiver_discount::bigint, 0::bigint
  FROM unnest(rows) AS r
  WHERE revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_facts_payments(rows payments[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT p.tenant_id, r.lot_id, revenue_business_day(p.paid_at), p.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    p.amount::bigint,
    CASE WHEN p.stage = 'prepaid' THEN p.amount ELSE 0 END::bigint,
    CASE WHEN p.stage = 'recovery' THEN p.amount ELSE 0 END::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS p JOIN parking_records r ON r.id = p.record_id
  WHERE p.status = 'succeeded'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_facts_refunds(rows refunds[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT f.tenant_id, r.lot_id, revenue_business_day(f.decided_at), p.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    f.amount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS f JOIN payments p ON p.id = f.payment_id JOIN parking_records r ON r.id = f.record_id
  WHERE f.status = 'approved' AND f.decided_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_facts_refund_discounts(rows refunds[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT f.tenant_id, r.lot_id, revenue_business_day(r.exited_at), '',
    0::bigint, 0::bigint, -f.amount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS f JOIN parking_records r ON r.id = f.record_id
  WHERE f.status = 'approved' AND r.discount > 0 AND revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_facts_recoveries(rows recovery_records[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT v.tenant_id, v.lot_id, revenue_business_day(v.recovered_at), v.channel,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    v.amount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS v
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_facts_coupons(rows coupons[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), '',
    0::bigint, 0::bigint, 0::bigint, c.discount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS c JOIN parking_records r ON r.id = c.record_id
  WHERE c.state = 'used' AND r.discount > 0 AND revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_facts_card_uses(rows group_card_uses[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), '',
    0::bigint, 0::bigint, 0::bigint, 0::bigint, u.discount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS u
  JOIN parking_records r ON r.tenant_id = u.tenant_id AND r.lot_id = u.lot_id AND r.plate_number = u.plate_number AND r.exited_at = u.used_at
  WHERE r.discount > 0 AND revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
-- 特殊账单: a paid bill's money is received (实收) on its payment day, by its channel, in its lot; its
-- own column says how much of received came from bills, so the timing columns still add up to received.
CREATE OR REPLACE FUNCTION revenue_facts_special_bills(rows special_bills[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT b.tenant_id, b.lot_id, revenue_business_day(b.paid_at), coalesce(b.paid_channel, 'sandbox'),
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    b.paid_amount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    0::bigint, 0::bigint, 0::bigint, b.paid_amount::bigint
  FROM unnest(rows) AS b JOIN parking_lots l ON l.id = b.lot_id AND l.tenant_id = b.tenant_id
  WHERE b.status = 'paid' AND b.paid_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_daily_apply(added revenue_fact[], removed revenue_fact[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO revenue_daily AS d (tenant_id, lot_id, day, channel, stays, receivable, discount, coupon_discount, card_discount, arrears, received, received_prepaid, received_recovery, refunded, recovered,
    long_rental_discount, white_list_discount, waiver_discount, received_special)
  SELECT tenant_id, lot_id, day, channel, sum(stays), sum(receivable), sum(discount), sum(coupon_discount), sum(card_discount), sum(arrears),
    sum(received), sum(received_prepaid), sum(received_recovery), sum(refunded), sum(recovered),
    sum(long_rental_discount), sum(white_list_discount), sum(waiver_discount), sum(received_special)
  FROM (
    SELECT a.* FROM unnest(added) AS a
    UNION ALL
    SELECT o.tenant_id, o.lot_id, o.day, o.channel, -o.stays, -o.receivable, -o.discount, -o.coupon_discount, -o.card_discount, -o.arrears,
      -o.received, -o.received_prepaid, -o.received_recovery, -o.refunded, -o.recovered,
      -o.long_rental_discount, -o.white_list_discount, -o.waiver_discount, -o.received_special
    FROM unnest(removed) AS o
  ) AS f
  GROUP BY tenant_id, lot_id, day, channel
  HAVING sum(stays) <> 0 OR sum(receivable) <> 0 OR sum(discount) <> 0 OR sum(coupon_discount) <> 0 OR sum(card_discount) <> 0 OR sum(arrears) <> 0
    OR sum(received) <> 0 OR sum(received_prepaid) <> 0 OR sum(received_recovery) <> 0 OR sum(refunded) <> 0 OR sum(recovered) <> 0
    OR sum(long_rental_discount) <> 0 OR sum(white_list_discount) <> 0 OR sum(waiver_discount) <> 0 OR sum(received_special) <> 0
  ORDER BY tenant_id, lot_id, day, channel
  ON CONFLICT (tenant_id, lot_id, day, channel) DO UPDATE SET
    stays = d.stays + excluded.stays, receivable = d.receivable + excluded.receivable, discount = d.discount + excluded.discount,
    coupon_discount = d.coupon_discount + excluded.coupon_discount, card_discount = d.card_discount + excluded.card_discount,
    arrears = d.arrears + excluded.arrears, received = d.received + excluded.received, received_prepaid = d.received_prepaid + excluded.received_prepaid,
    received_recovery = d.received_recovery + excluded.received_recovery, refunded = d.refunded + excluded.refunded, recovered = d.recovered + excluded.recovered,
    long_rental_discount = d.long_rental_discount + excluded.long_rental_discount, white_list_discount = d.white_list_discount + excluded.white_list_discount,
    waiver_discount = d.waiver_discount + excluded.waiver_discount, received_special = d.received_special + excluded.received_special
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_special_bills_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_special_bills((SELECT array_agg(ROW(n.*)::special_bills) FROM new_rows n WHERE n.status = 'paid')) AS f; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_special_bills((SELECT array_agg(ROW(o.*)::special_bills) FROM old_rows o WHERE o.status = 'paid')) AS f; END IF;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER special_bills_revenue_insert AFTER INSERT ON special_bills REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_special_bills_changed();
CREATE TRIGGER special_bills_revenue_update AFTER UPDATE ON special_bills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_special_bills_changed();
CREATE TRIGGER special_bills_revenue_delete AFTER DELETE ON special_bills REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_special_bills_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_daily_recompute(tenant uuid, from_day date, to_day date) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT tenant_id, lot_id, day, channel, sum(stays)::bigint, sum(receivable)::bigint, sum(discount)::bigint, sum(coupon_discount)::bigint, sum(card_discount)::bigint,
    sum(arrears)::bigint, sum(received)::bigint, sum(received_prepaid)::bigint, sum(received_recovery)::bigint, sum(refunded)::bigint, sum(recovered)::bigint,
    sum(long_rental_discount)::bigint, sum(white_list_discount)::bigint, sum(waiver_discount)::bigint, sum(received_special)::bigint
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
    UNION ALL
    SELECT * FROM revenue_facts_special_bills((SELECT array_agg(b) FROM special_bills b WHERE b.tenant_id = tenant AND b.status = 'paid'
      AND b.paid_at >= (from_day::timestamp AT TIME ZONE 'Asia/Shanghai') AND b.paid_at < ((to_day + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')))
  ) AS f
  WHERE day BETWEEN from_day AND to_day
  GROUP BY tenant_id, lot_id, day, channel
  HAVING sum(stays) <> 0 OR sum(receivable) <> 0 OR sum(discount) <> 0 OR sum(coupon_discount) <> 0 OR sum(card_discount) <> 0 OR sum(arrears) <> 0
    OR sum(received) <> 0 OR sum(received_prepaid) <> 0 OR sum(received_recovery) <> 0 OR sum(refunded) <> 0 OR sum(recovered) <> 0
    OR sum(long_rental_discount) <> 0 OR sum(white_list_discount) <> 0 OR sum(waiver_discount) <> 0 OR sum(received_special) <> 0
$$;
--> statement-breakpoint
-- 0039's repair a month at a time, with the new columns and the special bills' payment days among the bounds.
CREATE OR REPLACE FUNCTION revenue_daily_repair(tenant uuid, from_day date, to_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_day date;
  last_day date;
  month_start date;
BEGIN
  DELETE FROM revenue_daily WHERE tenant_id = tenant AND day BETWEEN from_day AND to_day;
  SELECT min(lo), max(hi) INTO first_day, last_day FROM (
    SELECT revenue_business_day(min(exited_at)) AS lo, revenue_business_day(max(exited_at)) AS hi FROM parking_records WHERE tenant_id = tenant
    UNION ALL SELECT revenue_business_day(min(paid_at)), revenue_business_day(max(paid_at)) FROM payments WHERE tenant_id = tenant
    UNION ALL SELECT revenue_business_day(min(decided_at)), revenue_business_day(max(decided_at)) FROM refunds WHERE tenant_id = tenant AND status = 'approved'
    UNION ALL SELECT revenue_business_day(min(recovered_at)), revenue_business_day(max(recovered_at)) FROM recovery_records WHERE tenant_id = tenant
    UNION ALL SELECT revenue_business_day(min(paid_at)), revenue_business_day(max(paid_at)) FROM special_bills WHERE tenant_id = tenant AND status = 'paid'
  ) AS bounds;
  IF first_day IS NULL THEN
    RETURN;
  END IF;
  first_day := greatest(first_day, from_day);
  last_day := least(last_day, to_day);
  month_start := date_trunc('month', first_day)::date;
  WHILE month_start <= last_day LOOP
    INSERT INTO revenue_daily (tenant_id, lot_id, day, channel, stays, receivable, discount, coupon_discount, card_discount, arrears, received, received_prepaid, received_recovery, refunded, recovered,
      long_rental_discount, white_list_discount, waiver_discount, received_special)
    SELECT * FROM revenue_daily_recompute(tenant, greatest(month_start, first_day), least((month_start + interval '1 month')::date - 1, last_day));
    month_start := (month_start + interval '1 month')::date;
  END LOOP;
END $$;
--> statement-breakpoint
-- every tenant's kept rows recomputed, so the bills paid before this migration are counted
SELECT revenue_daily_repair(t.id, '2000-01-01', '2099-12-31') FROM tenants AS t;
