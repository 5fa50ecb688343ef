import { devicePublicPaths, vehicleEventPath, type VehicleEventResult } from '@parking/contract';
import type { DeviceCredentials } from '../modules/devices/index.js';
import type { PlannedEvent, SimDevice } from './traffic-plan.js';

/** Sends one signed device call and reads its envelope: over HTTP for the simulator, in-process for tests. */
export type DeviceSender = <T>(path: string, device: DeviceCredentials, fields: Record<string, unknown>) => Promise<{ status: number; code: number; msg: string; data?: T }>;

/** The devices of each simulated lot, in the order the plan numbers the lots. */
export type SimDevices = readonly Partial<Record<SimDevice, DeviceCredentials>>[];

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
  refused: { deviceEventId: string; status: number; msg: string }[];
}

export interface RunOptions {
  /** wait for each event's time instead of sending the whole plan at once */
  realtime?: boolean;
  /** lots sent to at once; each lot's own events still go one after another, in order */
  concurrency?: number;
  onEvent?: (event: PlannedEvent, result: VehicleEventResult | undefined) => void;
  /** the whole plan one event after another in its time order, across lots (the month's simulated clock needs it) */
  inOrder?: boolean;
  /** just before an event is sent: the month sets the server's simulated clock to its time */
  beforeEvent?: (event: PlannedEvent) => void;
  /** after an event's answer, awaited before the next: the month pays the exit's fee then */
  afterEvent?: (event: PlannedEvent, result: VehicleEventResult | undefined) => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends planned traffic through the device API, each lot's events in order, and sums up what the server answered. */
export const runTraffic = async (send: DeviceSender, devices: SimDevices, plan: readonly PlannedEvent[], options: RunOptions = {}): Promise<TrafficSummary> => {
  const summary: TrafficSummary = { sent: 0, entries: 0, exits: 0, resends: 0, duplicatesAcknowledged: 0, released: 0, amountToPay: 0, abnormal: 0, refused: [] };
  const byLot = new Map<number, PlannedEvent[]>();
  for (const event of plan) byLot.set(event.lot, [...(byLot.get(event.lot) ?? []), event]);
  const queues = options.inOrder ? [plan] : [...byLot.values()];
  const sendLot = async (events: readonly PlannedEvent[]) => {
    for (const event of events) {
      if (options.realtime) await sleep(Math.max(0, event.at.getTime() - Date.now()));
      options.beforeEvent?.(event);
      const device = devices[event.lot]?.[event.device];
      if (!device) throw new Error(`停车场 ${event.lot + 1} 没有 ${event.device} 设备`);
      const answer = await send<VehicleEventResult>(vehicleEventPath, device, {
        kind: event.kind,
        deviceEventId: event.deviceEventId,
        plate: event.plate,
        plateColour: event.plateColour,
        confidence: event.confidence,
        occurredAt: (event.occurredAt ?? event.at).toISOString(),
        ...(event.spaceNumber ? { spaceNumber: event.spaceNumber } : {}),
      });
      const result = answer.code === 200 ? answer.data : undefined;
      options.onEvent?.(event, result);
      tally(summary, event, result, answer);
      await options.afterEvent?.(event, result);
    }
  };
  // a pool of workers, each taking the next lot's queue until none is left
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, queues.length)) }, async () => {
    for (let queue = queues.shift(); queue; queue = queues.shift()) await sendLot(queue);
  });
  await Promise.all(workers);
  return summary;
};

const tally = (summary: TrafficSummary, event: PlannedEvent, result: VehicleEventResult | undefined, answer: { status: number; msg: string }) => {
  summary.sent += 1;
  if (!result) {
    summary.refused.push({ deviceEventId: event.deviceEventId, status: answer.status, msg: answer.msg });
    return;
  }
  if (event.resend) {
    summary.resends += 1;
    if (result.duplicate) summary.duplicatesAcknowledged += 1;
    return;
  }
  const leaving = event.kind === 'lane_exit' || event.kind === 'space_freed';
  if (leaving) {
    summary.exits += 1;
    if (result.release) summary.released += 1;
    summary.amountToPay += result.amountToPay;
  } else summary.entries += 1;
  if (result.abnormalReasons.length > 0) summary.abnormal += 1;
};

/** One heartbeat from each device, as they send on power-up; the console then shows them online. */
export const heartbeatAll = async (send: DeviceSender, devices: SimDevices) => {
  for (const device of devices.flatMap((lot) => Object.values(lot))) {
    await send(devicePublicPaths.heartbeat, device, { status: { source: 'simulator' } });
  }
};
