-- locks: login_attempts (ACCESS EXCLUSIVE, brief: adds a nullable column)
ALTER TABLE "login_attempts" ADD COLUMN "released_at" timestamp with time zone;