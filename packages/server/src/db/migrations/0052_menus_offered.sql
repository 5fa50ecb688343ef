-- locks: tenants (ACCESS EXCLUSIVE, brief: a column with a constant default, then one row per tenant; a small table)
-- Which catalogue menus each tenant has been given, so a page an upgrade adds is given once at the next
-- start (db/seed/menu-sync.ts) and a page the tenant removed is not given again. What a tenant holds
-- now counts as given.
ALTER TABLE "tenants" ADD COLUMN "menus_offered" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "tenants" t SET "menus_offered" = coalesce((SELECT array_agg(DISTINCT m."en_code" ORDER BY m."en_code") FROM "menus" m WHERE m."tenant_id" = t."id"), '{}'::text[]);
