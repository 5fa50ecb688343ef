import { deviceOfflineTaskType, deviceTypeNames, messageTypes, missedCyclesBeforeOffline, type DeviceParkingType, type DeviceType } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { closeOfflineTasks, markMessagesHandled, openOfflineTask, raiseMessage } from '../messages/index.js';
import { insertDeviceEvent } from './device.repository.js';

export interface OutageDevice {
  tenantId: string;
  id: string;
  sn: string;
  type: string;
  lotName: string;
  /** the lane or space it watches, if bound */
  place: string | null;
  parkingType: DeviceParkingType;
}

/** "地磁 GM-0001（中山路 A012）超过 3 个心跳周期未上报", as the seeded tasks read */
export const outageText = (device: OutageDevice) => {
  const typeName = deviceTypeNames[device.type as DeviceType] ?? '设备';
  const where = device.place ? `${device.lotName} ${device.place}` : device.lotName;
  return `${typeName} ${device.sn}（${where}）超过 ${missedCyclesBeforeOffline} 个心跳周期未上报`;
};

/**
 * One outage: an offline task for tabs 3/4 and a device-offline system message, both about the sn.
 * An sn with a task still open already has its outage reported; it is not reported twice.
 */
export const openOutage = async (db: Db, device: OutageDevice, at: Date) => {
  const content = outageText(device);
  const task = await openOfflineTask(db, {
    tenantId: device.tenantId,
    taskTypeName: deviceOfflineTaskType,
    content,
    deviceSn: device.sn,
    parkingType: device.parkingType,
    creatorTime: at,
  });
  if (!task) return false;
  await raiseMessage(db, { tenantId: device.tenantId, messageName: deviceOfflineTaskType, messageText: content, messageType: messageTypes.deviceOffline, businessId: device.sn });
  await insertDeviceEvent(db, { tenantId: device.tenantId, deviceId: device.id, sn: device.sn, kind: 'offline', detail: content, createdAt: at });
  return true;
};

/** The device is back (or gone): its open task closes and its message counts as handled. */
export const closeOutage = async (db: Db, tenantId: string, sn: string, at: Date) => {
  const closed = await closeOfflineTasks(db, tenantId, sn, at);
  await markMessagesHandled(db, tenantId, messageTypes.deviceOffline, sn, at);
  return closed;
};
