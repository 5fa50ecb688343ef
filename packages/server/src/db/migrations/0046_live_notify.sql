-- locks: order_warnings (SHARE ROW EXCLUSIVE, brief: adds a trigger); small tables only otherwise
-- The screens' live events for warnings and devices, sent by PostgreSQL itself: a NOTIFY is
-- delivered when (and only if) its transaction commits, to every process listening, whichever
-- code path raised the warning or flipped the device. Each server process LISTENs on one channel
-- and hands what it hears to its own open screens. Row triggers on small tables; a device's
-- trigger fires only when its online state changes, not on every heartbeat.
CREATE FUNCTION live_notify_warning() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parking_live', json_build_object(
    'tenantId', NEW.tenant_id, 'kind', 'warning', 'warningKind', NEW.kind, 'state', NEW.state,
    'plateNumber', NEW.plate_number, 'lotId', NEW.lot_id,
    'at', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_warnings_live_insert AFTER INSERT ON order_warnings
  FOR EACH ROW EXECUTE FUNCTION live_notify_warning();
--> statement-breakpoint
CREATE TRIGGER order_warnings_live_state AFTER UPDATE OF state ON order_warnings
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION live_notify_warning();
--> statement-breakpoint
CREATE FUNCTION live_notify_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parking_live', json_build_object(
    'tenantId', NEW.tenant_id, 'kind', 'device', 'deviceSn', NEW.sn, 'deviceType', NEW.type,
    'onlineState', NEW.online_state, 'lotId', NEW.lot_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_live_state AFTER UPDATE OF online_state ON devices
  FOR EACH ROW WHEN (OLD.online_state IS DISTINCT FROM NEW.online_state) EXECUTE FUNCTION live_notify_device();
