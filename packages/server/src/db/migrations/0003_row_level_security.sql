-- locks: none on a big table (small tables only: turns on row-level security for the tables of 0000–0002, while they were new)
-- Row-level security: the second wall between tenants. Signed-in requests run as the role
-- parking_app with app.tenant_id set (db/tenant-scope.ts); every tenant table lets that role see
-- and write only rows of that tenant, whatever a query forgets. The owner (migrations, sign-in
-- before the tenant is known) is not subject to these policies.
DO $$
BEGIN
  CREATE ROLE parking_app NOLOGIN;
-- roles belong to the whole server: two databases migrating at once (parallel test files) race on it
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT parking_app TO %I', current_user);
EXCEPTION WHEN duplicate_object OR invalid_grant_operation THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO parking_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO parking_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO parking_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parking_enable_tenant_rls(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', target);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO parking_app
       USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)
       WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
    target);
END $$;
--> statement-breakpoint
SELECT parking_enable_tenant_rls(t::regclass)
FROM unnest(ARRAY[
  'organizations', 'positions', 'roles', 'users', 'user_positions', 'user_roles', 'menus',
  'role_menus', 'dictionaries', 'sessions', 'login_attempts', 'sms_codes', 'system_messages',
  'device_offline_tasks'
]) AS t;
