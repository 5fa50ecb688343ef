import { heartbeatCycleDefault, playerDeviceTypes, type Device, type DeviceInput, type DeviceNetworkType, type DeviceType } from '@parking/contract';

/** What the device form's inputs hold; selects and InputNumber leave null or undefined when cleared. */
export type DeviceFormValues = {
  sn: string;
  name: string;
  type: DeviceType | undefined;
  lotId: string | null;
  laneId: string | null;
  spaceId: string | null;
  heartbeatCycle: number | null;
  networkType: DeviceNetworkType;
  enabled: boolean;
  remark: string;
  /** shown for cameras and video poles only; a hidden input leaves it undefined */
  streamUrl?: string;
};

export function deviceToFormValues(device: Device | undefined): DeviceFormValues {
  if (!device) {
    return {
      sn: '',
      name: '',
      type: undefined,
      lotId: null,
      laneId: null,
      spaceId: null,
      heartbeatCycle: heartbeatCycleDefault,
      networkType: '4G',
      enabled: true,
      remark: '',
      streamUrl: '',
    };
  }
  return {
    sn: device.sn,
    name: device.name,
    type: device.type,
    lotId: device.lotId,
    laneId: device.laneId,
    spaceId: device.spaceId,
    heartbeatCycle: device.heartbeatCycle,
    networkType: device.networkType,
    enabled: device.enabled,
    remark: device.remark,
    streamUrl: device.streamUrl ?? '',
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** Whether a device of this type has pictures, and so a 视频流地址. */
export const hasStreamUrl = (type: DeviceType | undefined): boolean => (playerDeviceTypes as readonly string[]).includes(type ?? '');

/**
 * The create/update body; the form's rules have made sure type and lot are there. A camera's
 * blank 视频流地址 clears it; other types leave whatever is stored as it is.
 */
export function deviceFormBody(values: DeviceFormValues): DeviceInput {
  return {
    sn: text(values.sn),
    name: text(values.name),
    type: values.type!,
    lotId: values.lotId!,
    laneId: values.laneId ?? null,
    spaceId: values.spaceId ?? null,
    heartbeatCycle: values.heartbeatCycle ?? heartbeatCycleDefault,
    networkType: values.networkType,
    enabled: values.enabled,
    remark: text(values.remark),
    ...(hasStreamUrl(values.type) ? { streamUrl: text(values.streamUrl) } : {}),
  };
}
