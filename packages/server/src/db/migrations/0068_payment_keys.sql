-- locks: payments: SHARE ROW EXCLUSIVE for a moment while its trigger is added (no scan)
-- Monthly partitions of payments, step 1 of 5. A payment's idempotency key is unique in its tenant:
-- a retried request carries the same key and must find the first payment, whatever month the retry
-- comes in. A partitioned table can only be unique on keys that hold its month, so the keys get a table
-- of their own, `payment_idempotency_keys`, and a trigger claims each payment's key as it is written.
-- A key already taken skips the row, as ON CONFLICT DO NOTHING does on a unique index: a retry that
-- comes while the first is being written waits for it, and writes nothing once it is done.
-- The key is claimed before its payment is written, so its link to the payment is checked at commit.
-- Until the swap (0071) the table's own unique index still holds the keys of payments written before
-- this trigger, which 0070 copies: the trigger looks there first, so those keys stay taken meanwhile.
CREATE TABLE "payment_idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"payment_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_idempotency_keys_pkey" PRIMARY KEY("tenant_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" ADD CONSTRAINT "payment_idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" ADD CONSTRAINT "payment_idempotency_keys_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "public"."payments"("tenant_id","id","created_at") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_idempotency_keys_payment" ON "payment_idempotency_keys" USING btree ("tenant_id","payment_id","payment_created_at");
--> statement-breakpoint
SELECT parking_enable_tenant_rls('payment_idempotency_keys');
--> statement-breakpoint
CREATE FUNCTION parking_claim_payment_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ONLY payments p WHERE p.tenant_id = NEW.tenant_id AND p.idempotency_key = NEW.idempotency_key) THEN
    RETURN NULL;
  END IF;
  INSERT INTO payment_idempotency_keys (tenant_id, idempotency_key, payment_id, payment_created_at)
  VALUES (NEW.tenant_id, NEW.idempotency_key, NEW.id, NEW.created_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_claim_key BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION parking_claim_payment_key();
