-- locks: none on a big table (small tables only: organizations)
CREATE UNIQUE INDEX "organizations_tenant_code" ON "organizations" USING btree ("tenant_id","code");