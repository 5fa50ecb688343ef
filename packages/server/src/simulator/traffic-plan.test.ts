import { describe, expect, it } from 'vitest';
import { vehicleEventInput } from '@parking/contract';
import { planTraffic, randomPlate, randomSource, type PlannedEvent } from './traffic-plan.js';

const start = new Date('2026-03-02T08:00:00+08:00');
const lane = { key: 'gate', kind: 'lane' as const };
const street = { key: 'road', kind: 'space' as const, spaces: ['S001', 'S002', 'S003'] };
const firsts = (plan: PlannedEvent[]) => plan.filter((e) => !e.resend);

describe('planTraffic', () => {
  it('names the same traffic for the same seed, and other traffic for another', () => {
    const options = { lots: [lane, street], ratePerMinute: 1, minutes: 120, start };
    expect(planTraffic({ ...options, seed: 7 })).toEqual(planTraffic({ ...options, seed: 7 }));
    expect(planTraffic({ ...options, seed: 8 })).not.toEqual(planTraffic({ ...options, seed: 7 }));
  });

  it('sends exactly the number of cars asked for, each entering once and leaving after it entered', () => {
    const plan = planTraffic({ lots: [lane], ratePerMinute: 1, minutes: 600, start, seed: 3, cars: 50, doubleEntryRate: 0 });
    const entries = firsts(plan).filter((e) => e.kind === 'lane_entry');
    expect(entries).toHaveLength(50);
    for (const exit of firsts(plan).filter((e) => e.kind === 'lane_exit')) {
      const entry = entries.find((e) => e.plate === exit.plate)!;
      expect(exit.at.getTime()).toBeGreaterThan(entry.at.getTime());
      expect(exit.device).toBe('out');
    }
  });

  it('keeps every event inside the window, in time order, and every one valid for the device API', () => {
    const plan = planTraffic({ lots: [lane, street], ratePerMinute: 2, minutes: 90, start, seed: 11 });
    const end = start.getTime() + 90 * 60_000;
    expect(plan.length).toBeGreaterThan(100);
    plan.forEach((e, i) => {
      expect(e.at.getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(e.at.getTime()).toBeLessThanOrEqual(end + 2_000);
      if (i > 0) expect(e.at.getTime()).toBeGreaterThanOrEqual(plan[i - 1]!.at.getTime());
      const parsed = vehicleEventInput.safeParse({
        tenant: 'demo',
        sn: 'SIM-1',
        timestamp: start.getTime(),
        nonce: 'n'.repeat(16),
        deviceEventId: e.deviceEventId,
        kind: e.kind,
        plate: e.plate,
        plateColour: e.plateColour,
        confidence: e.confidence,
        occurredAt: e.at.toISOString(),
        spaceNumber: e.spaceNumber,
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    });
  });

  it('never puts two cars on one street space at once', () => {
    const plan = firsts(planTraffic({ lots: [street], ratePerMinute: 3, minutes: 240, start, seed: 5 }));
    const taken = new Map<string, string>();
    for (const e of plan) {
      if (e.kind === 'space_occupied') {
        expect(taken.has(e.spaceNumber!), `${e.spaceNumber} taken twice`).toBe(false);
        taken.set(e.spaceNumber!, e.plate);
      } else {
        expect(taken.get(e.spaceNumber!)).toBe(e.plate);
        taken.delete(e.spaceNumber!);
      }
    }
    expect(plan.some((e) => e.kind === 'space_freed')).toBe(true);
  });

  it('has the faults of real devices at the rates asked for: resends repeat an event id, misreads have low confidence', () => {
    const plan = planTraffic({ lots: [lane], ratePerMinute: 5, minutes: 600, start, seed: 2, resendRate: 0.1, misreadRate: 0.1 });
    const resends = plan.filter((e) => e.resend);
    expect(resends.length).toBeGreaterThan(0);
    for (const r of resends) expect(plan.filter((e) => e.deviceEventId === r.deviceEventId)).toHaveLength(2);
    const low = firsts(plan).filter((e) => e.confidence < 0.8).length / firsts(plan).length;
    expect(low).toBeGreaterThan(0.05);
    expect(low).toBeLessThan(0.2);
  });
});

describe('randomPlate', () => {
  it('reads as a mainland plate: blue plates of 7 characters, green new-energy plates of 8', () => {
    const random = randomSource(1);
    for (let i = 0; i < 200; i += 1) {
      const { plate, plateColour } = randomPlate(random);
      expect(plate).toMatch(plateColour === 3 ? /^[\u4e00-\u9fa5][A-HJ-NP-Z][A-HJ-NP-Z0-9]{6}$/ : /^[\u4e00-\u9fa5][A-HJ-NP-Z][A-HJ-NP-Z0-9]{5}$/);
    }
  });
});
