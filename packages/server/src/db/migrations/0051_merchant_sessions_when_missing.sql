-- locks: none (creates merchant_sessions where it is missing: a new, empty table; its foreign keys take SHARE ROW EXCLUSIVE on tenants and merchants for a moment)
-- merchant_sessions was added to 0034 after 0034 had landed (2db33c9 → c13fee5), so a database
-- migrated at 2db33c9 has every migration recorded and no merchant_sessions: 商户登录 failed there.
-- The upgrade test of that level found it. Where the table exists, nothing is done.
DO $$
BEGIN
  IF to_regclass('public.merchant_sessions') IS NOT NULL THEN
    RETURN;
  END IF;
  CREATE TABLE "merchant_sessions" (
    "tenant_id" uuid NOT NULL,
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "merchant_id" uuid NOT NULL,
    "token_hash" text NOT NULL,
    "ip" text DEFAULT '' NOT NULL,
    "user_agent" text DEFAULT '' NOT NULL,
    "created_at" timestamp with time zone DEFAULT now() NOT NULL,
    "expires_at" timestamp with time zone NOT NULL,
    "revoked_at" timestamp with time zone,
    "revoke_reason" text,
    CONSTRAINT "merchant_sessions_token_hash_unique" UNIQUE("token_hash")
  );
  ALTER TABLE "merchant_sessions" ADD CONSTRAINT "merchant_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "merchant_sessions" ADD CONSTRAINT "merchant_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "merchant_sessions_tenant_merchant" ON "merchant_sessions" USING btree ("tenant_id","merchant_id");
  PERFORM parking_enable_tenant_rls('merchant_sessions');
END $$;
