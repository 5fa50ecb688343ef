-- locks: revenue_daily (row locks: deletes rows, row locks: inserts rows)
-- revenue_daily_repair recomputed its whole range in one call, and the recomputation passes every
-- counted stay of the range to revenue_facts_records as one array: about 168 bytes a stay, so a
-- tenant with more than about 6 million stays in the range hit PostgreSQL's 1 GB array limit, and
-- well before that the call held gigabytes (measured: a year of 5,000,000 stays, about 6 GB). The
-- repair now takes the range a month at a time, and only the months that hold any fact, so its
-- memory is bounded by one month's stays and a century's range costs what its data costs.
-- Only a function is replaced: no table is rewritten or locked beyond the catalogue.
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
  ) AS bounds;
  IF first_day IS NULL THEN
    RETURN;
  END IF;
  first_day := greatest(first_day, from_day);
  last_day := least(last_day, to_day);
  month_start := date_trunc('month', first_day)::date;
  WHILE month_start <= last_day LOOP
    INSERT INTO revenue_daily (tenant_id, lot_id, day, channel, stays, receivable, discount, coupon_discount, card_discount, arrears, received, received_prepaid, received_recovery, refunded, recovered)
    SELECT * FROM revenue_daily_recompute(tenant, greatest(month_start, first_day), least((month_start + interval '1 month')::date - 1, last_day));
    month_start := (month_start + interval '1 month')::date;
  END LOOP;
END $$;
--> statement-breakpoint
-- the rows already there, counted once: a database that ran 0036 before this change was filled by it
-- (and its triggers have kept it since), so only tenants with no kept row yet are filled here
SELECT revenue_daily_repair(t.id, '2000-01-01', '2099-12-31') FROM tenants AS t
WHERE NOT EXISTS (SELECT 1 FROM revenue_daily AS d WHERE d.tenant_id = t.id);
