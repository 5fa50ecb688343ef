-- locks: parking_records (SHARE while an index is built: blocks writes)
-- 数据大屏 counts exits per hour of today and yesterday and lists the latest exits: a range on
-- (tenant_id, exited_at). Cars still in the lot have no exit and are left out of the index.
-- Built in one pass that holds writes to the records back while it runs (seconds per million records).
CREATE INDEX "parking_records_tenant_exited" ON "parking_records" USING btree ("tenant_id","exited_at") WHERE "parking_records"."exited_at" is not null;