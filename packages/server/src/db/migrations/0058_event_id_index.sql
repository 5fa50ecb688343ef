-- locks: vehicle_events: SHARE for a moment on its month partitions while their index is built (a month holds few events yet); none on the table as it was or the default, whose index 0057 built
-- Vehicle events by their id, on the whole table: an index on the table only, each partition's own
-- attached to it (built here on the months, by 0057 on the others). Months made later get it from
-- the table when they are attached.
CREATE INDEX IF NOT EXISTS "vehicle_events_id" ON ONLY "vehicle_events" USING btree ("id");--> statement-breakpoint
DO $$
DECLARE
  part record;
  own text;
BEGIN
  FOR part IN SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'vehicle_events'::regclass ORDER BY 1 LOOP
    own := part.name || '_id';
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING btree (id)', own, part.name);
    EXECUTE format('ALTER INDEX vehicle_events_id ATTACH PARTITION %I', own);
  END LOOP;
END $$;
