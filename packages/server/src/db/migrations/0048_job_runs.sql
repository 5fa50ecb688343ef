-- locks: none (new tables and functions only)
-- The last pass of each scheduled job, so that with several processes on one PostgreSQL each interval's
-- pass runs once: written by the process holding the job's session advisory lock. A new, small table.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"process" text NOT NULL,
	"outcome" text NOT NULL,
	"error" text
);
--> statement-breakpoint
REVOKE ALL ON "job_runs" FROM parking_app;
