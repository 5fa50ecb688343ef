import type { VehicleEventKind } from '@parking/contract';

/** One simulated lot: a barrier lot with an entry and an exit camera, or a street with spaces and a PDA. */
export interface SimLot {
  key: string;
  kind: 'lane' | 'space';
  /** the space numbers of a street; a barrier lot needs none */
  spaces?: readonly string[];
}

/** Which of the lot's devices reports an event: the entry camera, the exit camera, or the street's PDA. */
export type SimDevice = 'in' | 'out' | 'pda';

export interface PlannedEvent {
  at: Date;
  lot: number;
  device: SimDevice;
  kind: VehicleEventKind;
  plate: string;
  plateColour: number;
  confidence: number;
  spaceNumber?: string;
  deviceEventId: string;
  /** a resend of an event the device already sent (it did not hear the answer): it must change nothing */
  resend: boolean;
  /** the device's time of the event, when it is not `at`: a resend is sent later with the first send's time */
  occurredAt?: Date;
}

export interface TrafficOptions {
  lots: readonly SimLot[];
  /** arrivals per minute at each lot, on average */
  ratePerMinute: number;
  minutes: number;
  start: Date;
  seed: number;
  /** exactly this many cars over all lots instead of a rate */
  cars?: number;
  /** share of plate reads below the lots' confidence threshold */
  misreadRate?: number;
  /** share of events a device sends twice */
  resendRate?: number;
  /** share of entries a camera reports twice with a new event id seconds apart */
  doubleEntryRate?: number;
  /** every car leaves inside the window (a stay that would run past it is cut short), so a day's plan leaves no car parked */
  allLeave?: boolean;
}

/** mulberry32: small, fast and reproducible, so a seed names a whole day of traffic */
export const randomSource = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const provinces = ['粤', '粤', '粤', '京', '沪', '浙', '苏', '湘', '川'];
const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const plateChars = `${letters}0123456789`;

/** A mainland plate: province, city letter and five characters (no I or O); one in eight is a green new-energy plate of six. */
export const randomPlate = (random: () => number): { plate: string; plateColour: number } => {
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)]!;
  const green = random() < 0.125;
  let tail = '';
  for (let i = 0; i < (green ? 6 : 5); i += 1) tail += pick(plateChars);
  return { plate: `${provinces[Math.floor(random() * provinces.length)]}${pick(letters)}${tail}`, plateColour: green ? 3 : 0 };
};

/** How long a car stays: mostly under two hours, a tail of half days and a rare overnight. */
const stayMinutes = (random: () => number) => {
  const r = random();
  if (r < 0.6) return 5 + random() * 115;
  if (r < 0.95) return 120 + random() * 480;
  return 600 + random() * 1200;
};

const MINUTE_MS = 60_000;

/**
 * Plans the traffic of some lots over a time window: arrivals spread at random, stays of a realistic
 * length, exits only when they fall inside the window (later ones stay parked), plus the faults real
 * devices have: low-confidence reads, resent events and cameras firing twice.
 */
export const planTraffic = (options: TrafficOptions): PlannedEvent[] => {
  const random = randomSource(options.seed);
  const { lots, minutes, start } = options;
  const end = start.getTime() + minutes * MINUTE_MS;
  const misreadRate = options.misreadRate ?? 0.03;
  const resendRate = options.resendRate ?? 0.02;
  const doubleEntryRate = options.doubleEntryRate ?? 0.01;
  const events: PlannedEvent[] = [];
  let sequence = 0;
  const eventId = (lot: number) => `SIM-${options.seed}-${lot}-${++sequence}`;
  const confidence = () => (random() < misreadRate ? 0.5 + random() * 0.25 : 0.9 + random() * 0.1);
  const add = (event: Omit<PlannedEvent, 'deviceEventId' | 'resend' | 'confidence'>) => {
    const planned: PlannedEvent = { ...event, confidence: Math.round(confidence() * 100) / 100, deviceEventId: eventId(event.lot), resend: false };
    events.push(planned);
    if (random() < resendRate) events.push({ ...planned, at: new Date(planned.at.getTime() + 2_000), occurredAt: planned.at, resend: true });
  };

  const arrivals = (lot: number) => {
    if (options.cars !== undefined) {
      const share = Math.floor(options.cars / lots.length) + (lot < options.cars % lots.length ? 1 : 0);
      return Array.from({ length: share }, () => start.getTime() + random() * minutes * MINUTE_MS);
    }
    const times: number[] = [];
    // a Poisson process: exponential gaps at the given rate
    for (let t = start.getTime(); ;) {
      t += (-Math.log(1 - random()) / options.ratePerMinute) * MINUTE_MS;
      if (t >= end) return times;
      times.push(t);
    }
  };

  lots.forEach((lot, index) => {
    const times = arrivals(index).sort((a, b) => a - b);
    // a street's spaces are taken and left; a car finding none free drives on
    const freeFrom = new Map((lot.spaces ?? []).map((space) => [space, 0]));
    for (const arrivedAt of times) {
      const { plate, plateColour } = randomPlate(random);
      const stayedUntil = arrivedAt + stayMinutes(random) * MINUTE_MS;
      const leftAt = options.allLeave && stayedUntil >= end ? arrivedAt + random() * (end - 1_000 - arrivedAt) : stayedUntil;
      if (lot.kind === 'lane') {
        add({ at: new Date(arrivedAt), lot: index, device: 'in', kind: 'lane_entry', plate, plateColour });
        if (random() < doubleEntryRate) add({ at: new Date(arrivedAt + 5_000), lot: index, device: 'in', kind: 'lane_entry', plate, plateColour });
        if (leftAt < end) add({ at: new Date(leftAt), lot: index, device: 'out', kind: 'lane_exit', plate, plateColour });
        continue;
      }
      const space = [...freeFrom].find(([, free]) => free <= arrivedAt)?.[0];
      if (space === undefined) continue;
      freeFrom.set(space, leftAt < end ? leftAt + MINUTE_MS : Number.POSITIVE_INFINITY);
      add({ at: new Date(arrivedAt), lot: index, device: 'pda', kind: 'space_occupied', plate, plateColour, spaceNumber: space });
      if (leftAt < end) add({ at: new Date(leftAt), lot: index, device: 'pda', kind: 'space_freed', plate, plateColour, spaceNumber: space });
    }
  });
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
};
