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
import { badRequest } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import { findDevice } from './device.repository.js';
import { insertScreenMessage, pageScreens, recentScreenMessages, type ScreenMessageRow } from './screen.repository.js';

const toMessage = (m: ScreenMessageRow): ScreenMessage => ({
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
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageScreens(db, auth.tenantId, filter, page);
  const { recent, pending } = await recentScreenMessages(
    db,
    auth.tenantId,
    rows.map((r) => r.device.id),
    screenRecentMessages,
  );
  return pageAnswer(rows, page, total, ({ device, lotName }): Screen => ({
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
};

/** Queues a text for a screen of the tenant; the screen shows it once it pulls. */
export const sendScreenMessage = async (db: Db, auth: AuthContext, input: ScreenMessageValues) => {
  const row = await findDevice(db, auth.tenantId, input.deviceId);
  // another tenant's device is as unknown as a made-up id
  if (!row || row.device.type !== 'led_screen') throw badRequest('所选显示屏不存在');
  if (!row.device.enabled) throw badRequest(`显示屏「${row.device.sn}」已停用`);
  const queued = toMessage(await insertScreenMessage(db, auth.tenantId, input));
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
