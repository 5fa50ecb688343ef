/**
 * Messages a fresh install shows until the business modules produce their own: one or more of
 * every type, so the message center has something true to the shape of production data.
 */
export const demoMessages: readonly { messageType: number; messageName: string; messageText: string; minutesAgo: number }[] = [
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

export const demoOfflineTasks: readonly { parkingType: number; deviceSn: string; content: string; minutesAgo: number }[] = [
  { parkingType: 0, deviceSn: 'GM-2026-0001', content: '地磁 GM-2026-0001（中山路 A012）超过 3 个心跳周期未上报', minutesAgo: 25 },
  { parkingType: 0, deviceSn: 'VP-2026-0007', content: '视频桩 VP-2026-0007（人民路 B003）超过 3 个心跳周期未上报', minutesAgo: 64 },
  { parkingType: 1, deviceSn: 'CAM-2026-0102', content: '车牌识别相机 CAM-2026-0102（东门停车场 入口1）离线', minutesAgo: 8 },
];
