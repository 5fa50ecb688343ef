-- locks: refunds (ACCESS EXCLUSIVE, brief: adds a column with a constant default, row locks: updates existing rows)
-- A refund says what it gives back. A concession is given back off the stay: approving it raised the
-- record's discount by its amount, so 营收报表 takes it back off the stay's discount (it is counted as
-- 退款 instead). A duplicate is money the stay never took, given back by reconciliation's 退还重复支付:
-- the record's discount did not move, so taking it off made a discounted stay's discount too small.
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'concession' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind" CHECK ("refunds"."kind" in ('concession', 'duplicate'));--> statement-breakpoint
-- A stay, on its exit day, as in 0040, less only the refunds that raised its discount.
CREATE OR REPLACE FUNCTION revenue_facts_records(rows parking_records[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), ''::text,
    1::bigint, r.amount_due::bigint,
    (r.discount - CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(f.amount) FROM refunds f WHERE f.tenant_id = r.tenant_id AND f.record_id = r.id AND f.status = 'approved' AND f.kind = 'concession'), 0) ELSE 0 END)::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(c.discount) FROM coupons c WHERE c.tenant_id = r.tenant_id AND c.record_id = r.id AND c.state = 'used'), 0) ELSE 0 END::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(u.discount) FROM group_card_uses u WHERE u.tenant_id = r.tenant_id AND u.lot_id = r.lot_id AND u.plate_number = r.plate_number AND u.used_at = r.exited_at), 0) ELSE 0 END::bigint,
    CASE WHEN r.state = 'unpaid' THEN r.unpaid ELSE 0 END::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    r.long_rental_discount::bigint, r.white_list_discount::bigint, r.waiver_discount::bigint, 0::bigint
  FROM unnest(rows) AS r
  WHERE revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
-- An approved concession taken back off its stay's discount, on the stay's exit day.
CREATE OR REPLACE FUNCTION revenue_facts_refund_discounts(rows refunds[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT f.tenant_id, r.lot_id, revenue_business_day(r.exited_at), '',
    0::bigint, 0::bigint, -f.amount::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint
  FROM unnest(rows) AS f JOIN parking_records r ON r.id = f.record_id
  WHERE f.status = 'approved' AND f.kind = 'concession' AND r.discount > 0 AND revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
-- The duplicates given back before this migration, by the reasons 退还重复支付 wrote. The refunds'
-- trigger, now reading the kind, gives each discounted stay back what it had taken off.
UPDATE "refunds" SET "kind" = 'duplicate' WHERE "reason" IN ('对账：重复支付原路退还', '对账：渠道多收原路退还');
