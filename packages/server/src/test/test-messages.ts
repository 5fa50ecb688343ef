import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { deviceOfflineTasks, systemMessages, tenants } from '../db/schema/index.js';

/**
 * Messages of every type for the message-center tests: one or more of each, type 1 twice. Their
 * businessIds are made up: these tests are about the message center itself, not about what a
 * message opens (the demo seed raises real ones, db/seed/demo-messages.ts).
 */
export const testMessages: readonly { messageType: number; messageName: string; messageText: string; minutesAgo: number }[] = [
  { messageType: 1, messageName: '订单预警', messageText: '车牌 粤B12345 在 东门停车场 重复入场', minutesAgo: 5 },
  { messageType: 1, messageName: '订单预警', messageText: '车牌 京A88888 在 南门车道 无入场记录出场', minutesAgo: 42 },
  { messageType: 8, messageName: '车辆布控预警', messageText: '黑名单车辆 沪C66666 驶入 东门停车场', minutesAgo: 90 },
  { messageType: 2, messageName: '车辆认证审核', messageText: '车主 张先生 提交了车辆 粤B7K2Q9 的认证申请', minutesAgo: 12 },
  { messageType: 3, messageName: '手机号变更审核', messageText: '车主 李女士 申请将手机号变更为 139****0021', minutesAgo: 30 },
  { messageType: 4, messageName: '订单修改审核', messageText: '收费员 王五 申请修改订单金额：12.00 元 → 8.00 元', minutesAgo: 55 },
  { messageType: 5, messageName: '客户投诉', messageText: '车主投诉 中山路 泊位 A012 重复计费', minutesAgo: 70 },
  { messageType: 7, messageName: '申诉审核', messageText: '车主对订单金额提出申诉，请尽快处理', minutesAgo: 120 },
  { messageType: 9, messageName: '开票申请', messageText: '车主 赵先生 申请开具发票，金额 36.50 元', minutesAgo: 18 },
  { messageType: 10, messageName: '对账差错', messageText: '对账批次“20261119-01”存在 3 笔差错，请核对', minutesAgo: 240 },
];

/** Open offline tasks, two on-road (parking type 0) and one off-road (1). */
export const testOfflineTasks: readonly { parkingType: number; deviceSn: string; content: string; minutesAgo: number }[] = [
  { parkingType: 0, deviceSn: 'GM-2026-0001', content: '地磁 GM-2026-0001（中山路 A012）超过 3 个心跳周期未上报', minutesAgo: 25 },
  { parkingType: 0, deviceSn: 'VP-2026-0007', content: '视频桩 VP-2026-0007（人民路 B003）超过 3 个心跳周期未上报', minutesAgo: 64 },
  { parkingType: 1, deviceSn: 'CAM-2026-0102', content: '车牌识别相机 CAM-2026-0102（东门停车场 入口1）离线', minutesAgo: 8 },
];

/** the tests' clock for these rows: they were raised minutes before it */
export const testMessagesAt = new Date('2026-11-20T10:00:00+08:00');

/** The test messages and open offline tasks in one tenant, dated minutes before `now`. */
export const seedTestMessages = async (db: Db, tenantId: string, now = testMessagesAt) => {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  await db
    .insert(systemMessages)
    .values(testMessages.map(({ minutesAgo, ...m }) => ({ tenantId, ...m, businessId: randomUUID(), creatorTime: ago(minutesAgo), lastModifyTime: ago(minutesAgo) })));
  await db.insert(deviceOfflineTasks).values(testOfflineTasks.map(({ minutesAgo, ...task }) => ({ tenantId, taskTypeName: '设备离线', ...task, creatorTime: ago(minutesAgo) })));
};

/** The test messages and offline tasks in every tenant (demo and mw), as the message-center tests expect. */
export const seedTestMessagesInEveryTenant = async (db: Db, now = testMessagesAt) => {
  for (const { id } of await db.select({ id: tenants.id }).from(tenants)) await seedTestMessages(db, id, now);
};
