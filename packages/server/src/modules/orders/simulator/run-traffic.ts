import { devicePublicPaths, vehicleEventPath, type VehicleEventResult } from '@parking/contract';
import type { DeviceCredentials } from '../../devices/device-client.js';
import type { PlannedEvent, SimDevice } from './traffic-plan.js';

/** Sends one signed device call and reads its envelope: over HTTP for the simulator, in-process for tests. */
export type DeviceSender = <T>(path: string, device: DeviceCredentials, fields: Record<string, unknown>) => Promise<{ status: number; code: number; msg: string; data?: T }>;

/** The devices of each simulated lot, in the order the plan numbers the lots. */
export type SimDevices = ReadonlyArray<Partial<Record<SimDevice, DeviceCredentials>>>;

export interface TrafficSummary {
  sent: number;
  entries: number;
  exits: number;
  resends: number;
  /** resends the server recognised and answered without changing anything */
  duplicatesAcknowledged: number;
  /** exits the barrier opened for at once (nothing owed, or released after payment) */
  released: number;
  /** fen still owed by cars that left or wait at the barrier */
  amountToPay: number;
  abnormal: number;
  refused: Array<{ deviceEventId: string; status: number; msg: string }>;
}

export interface RunOptions {
  /** wait for each event's time instead of sending the whole plan at once */
  realtime?: boolean;
  onEvent?: (event: PlannedEvent, result: VehicleEventResult | undefined) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a planned day of traffic through the device API, in order, and sums up what the server answered. */
export const runTraffic = async (send: DeviceSender, devices: SimDevices, plan: readonly PlannedEvent[], options: RunOptions = {}): Promise<TrafficSummary> => {
  const summary: TrafficSummary = { sent: 0, entries: 0, exits: 0, resends: 0, duplicatesAcknowledged: 0, released: 0, amountToPay: 0, abnormal: 0, refused: [] };
  for (const event of plan) {
    if (options.realtime) await sleep(Math.max(0, event.at.getTime() - Date.now()));
    const device = devices[event.lot]?.[event.device];
    if (!device) throw new Error(`停车场 ${event.lot + 1} 没有 ${event.device} 设备`);
    const answer = await send<VehicleEventResult>(vehicleEventPath, device, {
      kind: event.kind,
      deviceEventId: event.deviceEventId,
      plate: event.plate,
      plateColour: event.plateColour,
      confidence: event.confidence,
      occurredAt: event.at.toISOString(),
      ...(event.spaceNumber ? { spaceNumber: event.spaceNumber } : {}),
    });
    summary.sent += 1;
    const result = answer.code === 200 ? answer.data : undefined;
    options.onEvent?.(event, result);
    if (!result) {
      summary.refused.push({ deviceEventId: event.deviceEventId, status: answer.status, msg: answer.msg });
      continue;
    }
    if (event.resend) {
      summary.resends += 1;
      if (result.duplicate) summary.duplicatesAcknowledged += 1;
      continue;
    }
    const leaving = event.kind === 'lane_exit' || event.kind === 'space_freed';
    if (leaving) {
      summary.exits += 1;
      if (result.release) summary.released += 1;
      summary.amountToPay += result.amountToPay;
    } else summary.entries += 1;
    if (result.abnormalReasons.length > 0) summary.abnormal += 1;
  }
  return summary;
};

/** One heartbeat from each device, as they send on power-up; the console then shows them online. */
export const heartbeatAll = async (send: DeviceSender, devices: SimDevices) => {
  for (const device of devices.flatMap((lot) => Object.values(lot))) {
    await send(devicePublicPaths.heartbeat, device, { status: { source: 'simulator' } });
  }
};
