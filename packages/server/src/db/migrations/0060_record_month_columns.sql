-- locks: appeals, complaints, coupons, gateway_orders, invoice_payments, order_warnings, payments, record_edit_requests, recovery_records, refunds: ACCESS EXCLUSIVE for a moment each, to add a column with no default (no rewrite) and a trigger
-- Monthly partitions of records and payments, step 1 of 4: each row linking to a record or a payment
-- gets the month of what it links to (record_created_at, payment_created_at), filled by a trigger from
-- here on, so the code that writes those rows is unchanged. 0061 fills the rows written before.
ALTER TABLE "payments" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "order_warnings" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "record_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD COLUMN "payment_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD COLUMN "payment_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "payment_created_at" timestamp with time zone;
--> statement-breakpoint
-- The month of the record a row links to, from the record of the row's own tenant: code writes the
-- record's id alone. An id that names no record of the tenant is refused here, as the foreign key
-- refused an unknown id before (the key's check would not: it skips a row whose month is unset).
-- A month written with the id is kept: the foreign key checks it.
CREATE OR REPLACE FUNCTION parking_fill_record_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.record_id IS NULL THEN
    NEW.record_created_at := NULL;
  ELSIF (TG_OP = 'INSERT' AND NEW.record_created_at IS NULL)
     OR (TG_OP = 'UPDATE' AND NEW.record_id IS DISTINCT FROM OLD.record_id AND NEW.record_created_at IS NOT DISTINCT FROM OLD.record_created_at) THEN
    NEW.record_created_at := (SELECT r.created_at FROM parking_records r WHERE r.tenant_id = NEW.tenant_id AND r.id = NEW.record_id);
    IF NEW.record_created_at IS NULL THEN
      RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_TABLE_NAME || '_record_fk'
        USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (record_id)=(%s) is not present in table "parking_records" for the row''s tenant.', NEW.record_id),
              TABLE = TG_TABLE_NAME, CONSTRAINT = TG_TABLE_NAME || '_record_fk';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The month of the payment a row links to, from the payment of the row's own tenant: code writes the
-- payment's id alone. An id that names no payment of the tenant is refused here, as the foreign key
-- refused an unknown id before (the key's check would not: it skips a row whose month is unset).
-- A month written with the id is kept: the foreign key checks it.
CREATE OR REPLACE FUNCTION parking_fill_payment_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payment_id IS NULL THEN
    NEW.payment_created_at := NULL;
  ELSIF (TG_OP = 'INSERT' AND NEW.payment_created_at IS NULL)
     OR (TG_OP = 'UPDATE' AND NEW.payment_id IS DISTINCT FROM OLD.payment_id AND NEW.payment_created_at IS NOT DISTINCT FROM OLD.payment_created_at) THEN
    NEW.payment_created_at := (SELECT p.created_at FROM payments p WHERE p.tenant_id = NEW.tenant_id AND p.id = NEW.payment_id);
    IF NEW.payment_created_at IS NULL THEN
      RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_TABLE_NAME || '_payment_fk'
        USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (payment_id)=(%s) is not present in table "payments" for the row''s tenant.', NEW.payment_id),
              TABLE = TG_TABLE_NAME, CONSTRAINT = TG_TABLE_NAME || '_payment_fk';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "payments" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "refunds_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "refunds" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "gateway_orders_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "gateway_orders" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "recovery_records_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "recovery_records" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "record_edit_requests_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "record_edit_requests" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "appeals_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "appeals" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "order_warnings_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "order_warnings" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "complaints_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "complaints" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "coupons_record_month" BEFORE INSERT OR UPDATE OF "record_id" ON "coupons" FOR EACH ROW EXECUTE FUNCTION parking_fill_record_month();
--> statement-breakpoint
CREATE TRIGGER "refunds_payment_month" BEFORE INSERT OR UPDATE OF "payment_id" ON "refunds" FOR EACH ROW EXECUTE FUNCTION parking_fill_payment_month();
--> statement-breakpoint
CREATE TRIGGER "gateway_orders_payment_month" BEFORE INSERT OR UPDATE OF "payment_id" ON "gateway_orders" FOR EACH ROW EXECUTE FUNCTION parking_fill_payment_month();
--> statement-breakpoint
CREATE TRIGGER "recovery_records_payment_month" BEFORE INSERT OR UPDATE OF "payment_id" ON "recovery_records" FOR EACH ROW EXECUTE FUNCTION parking_fill_payment_month();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_payment_month" BEFORE INSERT OR UPDATE OF "payment_id" ON "invoice_payments" FOR EACH ROW EXECUTE FUNCTION parking_fill_payment_month();
