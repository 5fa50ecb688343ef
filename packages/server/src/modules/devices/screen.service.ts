import {
  screenRecentMessages,
  type DeviceOnlineState,
  type Screen,
  type ScreenColour,
  type ScreenListValues,
  type ScreenMessage,
  type ScreenMessageState,
  type ScreenMessageValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { screenMessages } from '../../db/schema/index.js';
import { badRequest } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/operation-log.service.js';
import { findDevice } from './device.repository.js';
import { pageScreens, recentScreenMessages } from './screen.repository.js';

const toMessage = (m: typeof screenMessages.$inferSelect): ScreenMessage => ({
  id: m.id,
  deviceId: m.deviceId,
  text: m.text,
  line: m.line,
  colour: m.colour as ScreenColour,
  state: m.state as ScreenMessageState,
  createdAt: m.createdAt.toISOString(),
  deliveredAt: m.deliveredAt?.toISOString() ?? null,
});

/** 显示屏: every LED screen of the tenant with its latest messages and how many still wait. */
export const listScreens = async (db: Db, auth: AuthContext, query: ScreenListValues) => {
  const { currentPage, pageSize, ...filter } = query;
  const { rows, total } = await pageScreens(db, auth.tenantId, filter, { currentPage, pageSize });
  const { recent, pending } = await recentScreenMessages(db, auth.tenantId, rows.map((r) => r.device.id), screenRecentMessages);
  const list: Screen[] = rows.map(({ device, lotName }) => ({
    id: device.id,
    sn: device.sn,
    name: device.name,
    lotId: device.lotId,
    lotName,
    onlineState: device.onlineState as DeviceOnlineState,
    lastHeartbeatAt: device.lastHeartbeatAt?.toISOString() ?? null,
    enabled: device.enabled,
    pendingCount: pending.get(device.id) ?? 0,
    messages: recent.filter((m) => m.deviceId === device.id).map(toMessage),
  }));
  return { list, pagination: { currentPage, pageSize, total } };
};

/** Queues a text for a screen of the tenant; the screen shows it once it pulls. */
export const sendScreenMessage = async (db: Db, auth: AuthContext, input: ScreenMessageValues) => {
  const row = await findDevice(db, auth.tenantId, input.deviceId);
  // another tenant's device is as unknown as a made-up id
  if (!row || row.device.type !== 'led_screen') throw badRequest('所选显示屏不存在');
  if (!row.device.enabled) throw badRequest(`显示屏「${row.device.sn}」已停用`);
  const [message] = await db.insert(screenMessages).values({ tenantId: auth.tenantId, ...input }).returning();
  const queued = toMessage(message!);
  await recordOperation(db, auth, {
    module: 'devices',
    action: 'create',
    target: 'screenMessage',
    targetId: queued.id,
    summary: `向显示屏「${row.lotName} ${row.device.sn}」发送「${queued.text}」`,
    after: queued,
  });
  return queued;
};
