import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parkingLanes, parkingLots, parkingSpaces } from './parking.js';
import { createdAt, tenantLink, tenants, updatedAt } from './tenancy.js';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A device of a lot: camera, barrier, geomagnetic sensor, video pole, PDA or LED screen. */
export const devices = pgTable(
  'devices',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    sn: text('sn').notNull(),
    name: text('name').notNull(),
    /** camera | barrier | geomagnetic | video_pole | pda | led_screen */
    type: text('type').notNull(),
    /** no action: a lot with devices cannot be deleted until they are */
    lotId: uuid('lot_id').notNull(),
    /** set null: deleting a lane or space unbinds its devices, which stay on the lot */
    laneId: uuid('lane_id'),
    spaceId: uuid('space_id'),
    /** seconds between heartbeats; offline after 3 missed */
    heartbeatCycle: integer('heartbeat_cycle').notNull().default(60),
    /** 4G | NB-IoT | 有线 | WiFi */
    networkType: text('network_type').notNull().default('4G'),
    /**
     * The HMAC key the device signs with. Kept as is because verifying an HMAC needs the key itself;
     * it leaves the server only in the answers to 新增 and 重置密钥.
     */
    secret: text('secret').notNull(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    /** online | offline | never */
    onlineState: text('online_state').notNull().default('never'),
    /** what the device last reported about itself */
    lastStatus: jsonb('last_status'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    /** a camera's live stream for 视频监控: http(s)://….m3u8 or .flv, or media:<folder>/<file> under DATA_DIR/media */
    streamUrl: text('stream_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_tenant_sn').on(t.tenantId, t.sn),
    index('devices_tenant_lot').on(t.tenantId, t.lotId),
    // the offline check reads only the devices that are online
    index('devices_online_heartbeat')
      .on(t.lastHeartbeatAt)
      .where(sql`${t.onlineState} = 'online'`),
    primaryKey({ name: 'devices_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('devices_lane_id_parking_lanes_id_fk', t, t.laneId, parkingLanes).onDelete('set null'),
    tenantLink('devices_lot_id_parking_lots_id_fk', t, t.lotId, parkingLots).onDelete('no action'),
    tenantLink('devices_space_id_parking_spaces_id_fk', t, t.spaceId, parkingSpaces).onDelete('set null'),
  ],
);

/** Nonces devices have used, kept past the timestamp window so a captured call cannot be replayed. */
export const deviceNonces = pgTable(
  'device_nonces',
  {
    tenantId: tenantId(),
    deviceId: uuid('device_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // claimed once the device is read, so with its tenant
    uniqueIndex('device_nonces_tenant_device_nonce').on(t.tenantId, t.deviceId, t.nonce),
    index('device_nonces_seen').on(t.seenAt),
    tenantLink('device_nonces_device_id_devices_id_fk', t, t.deviceId, devices).onDelete('cascade'),
  ],
);

/** What happened to a device that no operation log holds: refused calls, going offline, coming back. */
export const deviceEvents = pgTable(
  'device_events',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** null when the sn named no device of the tenant */
    deviceId: uuid('device_id'),
    sn: text('sn').notNull(),
    /** refused | offline | online */
    kind: text('kind').notNull(),
    /** why a call was refused, or what changed */
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_events_tenant_time').on(t.tenantId, t.createdAt),
    primaryKey({ name: 'device_events_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('device_events_device_id_devices_id_fk', t, t.deviceId, devices).onDelete('set null'),
  ],
);

/** A text sent to an LED screen; the screen takes it away with its next pull. */
export const screenMessages = pgTable(
  'screen_messages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    deviceId: uuid('device_id').notNull(),
    text: text('text').notNull(),
    line: integer('line').notNull().default(1),
    colour: text('colour').notNull().default('red'),
    /** queued | delivered */
    state: text('state').notNull().default('queued'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('screen_messages_device_time').on(t.tenantId, t.deviceId, t.createdAt),
    primaryKey({ name: 'screen_messages_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('screen_messages_device_id_devices_id_fk', t, t.deviceId, devices).onDelete('cascade'),
  ],
);

/**
 * A command waiting for a lane's barrier, e.g. 抬杆 after a driver paid on the phone. Any enabled
 * barrier or camera of the lane takes it when it pulls (taken once, like a screen message).
 */
export const laneCommands = pgTable(
  'lane_commands',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    laneId: uuid('lane_id').notNull(),
    /** release */
    kind: text('kind').notNull(),
    /** the stay the command is for (no foreign key: the command outlives a record deleted in a test or cleanup) */
    recordId: uuid('record_id'),
    plateNumber: text('plate_number').notNull().default(''),
    /** queued | delivered */
    state: text('state').notNull().default('queued'),
    deliveredTo: uuid('delivered_to'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('lane_commands_lane_state').on(t.tenantId, t.laneId, t.state, t.createdAt),
    primaryKey({ name: 'lane_commands_pkey', columns: [t.id, t.tenantId] }),
    tenantLink('lane_commands_delivered_to_devices_id_fk', t, t.deliveredTo, devices).onDelete('set null'),
    tenantLink('lane_commands_lane_id_parking_lanes_id_fk', t, t.laneId, parkingLanes).onDelete('cascade'),
  ],
);
