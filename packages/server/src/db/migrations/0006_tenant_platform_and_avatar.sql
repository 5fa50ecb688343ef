-- locks: none on a big table (small tables only: tenants)
ALTER TABLE "tenants" ADD COLUMN "is_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_one_platform" ON "tenants" USING btree ("is_platform") WHERE is_platform;--> statement-breakpoint
-- an existing installation's first tenant is the one that runs the platform
UPDATE "tenants" SET "is_platform" = true WHERE "id" = (SELECT "id" FROM "tenants" ORDER BY "created_at", "code" LIMIT 1);
