-- locks: parking_records (SHARE while an index is built: blocks writes, row locks: updates existing rows)
CREATE INDEX "parking_records_at_barrier" ON "parking_records" USING btree ("exited_at") WHERE "parking_records"."state" in ('awaiting_payment', 'paid');--> statement-breakpoint
-- Records settled by a payment after their car had gone were left 已支付 for good; the state
-- table (modules/orders/record-state.ts) makes them 已完成. One paid at a barrier within its
-- grace minutes stays 已支付: the record clock closes it when the grace is over.
UPDATE "parking_records" AS r SET "state" = 'closed', "updated_at" = now()
WHERE r."state" = 'paid' AND r."unpaid" = 0 AND r."exited_at" IS NOT NULL
  AND coalesce((SELECT max(p."paid_at") FROM "payments" AS p WHERE p."tenant_id" = r."tenant_id" AND p."record_id" = r."id"), r."exited_at")
    + make_interval(mins => coalesce((SELECT (v."rules" ->> 'graceMinutes')::int FROM "tariff_versions" AS v WHERE v."id" = r."tariff_version_id"), 0))
    < now();
--> statement-breakpoint
-- A correction that raised the fee of a stay whose car had gone left it 待支付 although no barrier
-- holds it; the table makes such a stay 欠费, for pursuit. Only a space lot's records can be so
-- told apart (a lane lot's 待支付 record may be a car still at its barrier).
UPDATE "parking_records" AS r SET "state" = 'unpaid', "updated_at" = now()
WHERE r."state" = 'awaiting_payment' AND r."unpaid" > 0
  AND EXISTS (SELECT 1 FROM "parking_lots" AS l WHERE l."id" = r."lot_id" AND l."kind" = 'space');
