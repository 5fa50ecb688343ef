-- locks: appeals, complaints, coupons, gateway_orders, invoice_payments, order_warnings, payments, record_edit_requests, recovery_records, refunds: ROW EXCLUSIVE; each row filled stays locked to the end (new rows go on being written; a change to an old row waits)
-- Monthly partitions of records and payments, step 2 of 4: the rows written before 0060 get the month
-- of the record or payment they link to. In a transaction of its own (db/migrate.ts), so the locks of
-- 0060 are let go before, and 0062's after.
-- The revenue aggregates' UPDATE triggers on the four tables filled here (0036, 0040) worked out the
-- facts of every old and every new row and applied their difference: for these fills, whose rows'
-- money does not change, a difference of zero at the cost of two fact rows per row (107 s of 0061's
-- first run on 1,000,000 payments). They now pair each new row with its old one by id and count only
-- the pairs that differ in a column their facts read; what the facts read of other tables (a
-- payment's record, a refund's payment) is read the same for both, so a pair passed over nets zero.
CREATE OR REPLACE FUNCTION revenue_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
  news payments[];
  olds payments[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(ROW(n.*)::payments), array_agg(ROW(o.*)::payments) INTO news, olds
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.tenant_id, n.record_id, n.paid_at, n.channel, n.amount, n.stage, n.status) IS DISTINCT FROM (o.tenant_id, o.record_id, o.paid_at, o.channel, o.amount, o.stage, o.status);
  ELSIF TG_OP = 'INSERT' THEN SELECT array_agg(ROW(n.*)::payments) INTO news FROM new_rows n;
  ELSE SELECT array_agg(ROW(o.*)::payments) INTO olds FROM old_rows o;
  END IF;
  SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_payments(news) AS f;
  SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_payments(olds) AS f;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
  news refunds[];
  olds refunds[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(ROW(n.*)::refunds) FILTER (WHERE n.status = 'approved'), array_agg(ROW(o.*)::refunds) FILTER (WHERE o.status = 'approved') INTO news, olds
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.tenant_id, n.payment_id, n.record_id, n.decided_at, n.status, n.amount) IS DISTINCT FROM (o.tenant_id, o.payment_id, o.record_id, o.decided_at, o.status, o.amount);
  ELSIF TG_OP = 'INSERT' THEN SELECT array_agg(ROW(n.*)::refunds) INTO news FROM new_rows n WHERE n.status = 'approved';
  ELSE SELECT array_agg(ROW(o.*)::refunds) INTO olds FROM old_rows o WHERE o.status = 'approved';
  END IF;
  SELECT coalesce(array_agg(f), '{}') INTO added FROM (SELECT * FROM revenue_facts_refunds(news) UNION ALL SELECT * FROM revenue_facts_refund_discounts(news)) AS f;
  SELECT coalesce(array_agg(f), '{}') INTO removed FROM (SELECT * FROM revenue_facts_refunds(olds) UNION ALL SELECT * FROM revenue_facts_refund_discounts(olds)) AS f;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_recoveries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
  news recovery_records[];
  olds recovery_records[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(ROW(n.*)::recovery_records), array_agg(ROW(o.*)::recovery_records) INTO news, olds
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.tenant_id, n.lot_id, n.recovered_at, n.channel, n.amount) IS DISTINCT FROM (o.tenant_id, o.lot_id, o.recovered_at, o.channel, o.amount);
  ELSIF TG_OP = 'INSERT' THEN SELECT array_agg(ROW(n.*)::recovery_records) INTO news FROM new_rows n;
  ELSE SELECT array_agg(ROW(o.*)::recovery_records) INTO olds FROM old_rows o;
  END IF;
  SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_recoveries(news) AS f;
  SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_recoveries(olds) AS f;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION revenue_coupons_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added revenue_fact[] := '{}';
  removed revenue_fact[] := '{}';
  news coupons[];
  olds coupons[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(ROW(n.*)::coupons) FILTER (WHERE n.state = 'used'), array_agg(ROW(o.*)::coupons) FILTER (WHERE o.state = 'used') INTO news, olds
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.record_id, n.state, n.discount) IS DISTINCT FROM (o.record_id, o.state, o.discount);
  ELSIF TG_OP = 'INSERT' THEN SELECT array_agg(ROW(n.*)::coupons) INTO news FROM new_rows n WHERE n.state = 'used';
  ELSE SELECT array_agg(ROW(o.*)::coupons) INTO olds FROM old_rows o WHERE o.state = 'used';
  END IF;
  SELECT coalesce(array_agg(f), '{}') INTO added FROM revenue_facts_coupons(news) AS f;
  SELECT coalesce(array_agg(f), '{}') INTO removed FROM revenue_facts_coupons(olds) AS f;
  IF cardinality(added) > 0 OR cardinality(removed) > 0 THEN PERFORM revenue_daily_apply(added, removed); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "payments" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "refunds" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "gateway_orders" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "recovery_records" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "record_edit_requests" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "appeals" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "order_warnings" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "complaints" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "coupons" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "refunds" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
--> statement-breakpoint
UPDATE "gateway_orders" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
--> statement-breakpoint
UPDATE "recovery_records" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
--> statement-breakpoint
UPDATE "invoice_payments" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
