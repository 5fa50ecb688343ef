-- locks: parking_records: SHARE UPDATE EXCLUSIVE while it is scanned (writes go on)
-- Monthly partitions of parking records, step 2 of 4: the records are checked to be from before the
-- first month, so that 0066 attaches the table as the partition of those months without a scan under a lock.
ALTER TABLE "parking_records" VALIDATE CONSTRAINT "parking_records_before_months";
