-- locks: tenants (ACCESS EXCLUSIVE, brief: two columns with constant defaults, written into the catalogue only; a small table)
-- How long each tenant keeps its settled records' photos and its raw vehicle events (the retention job).
ALTER TABLE "tenants" ADD COLUMN "photo_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "event_retention_days" integer DEFAULT 180 NOT NULL;
