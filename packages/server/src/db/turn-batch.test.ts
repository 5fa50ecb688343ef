import { describe, expect, it } from 'vitest';
import { turnBatch } from './turn-batch.js';

describe('turnBatch', () => {
  it('answers the lookups of one turn with one load, each its own value, and the next turn with another', async () => {
    const loads: number[][] = [];
    const lookup = turnBatch(async (keys: number[]) => {
      loads.push(keys);
      return keys.map((k) => (k % 2 === 0 ? `even ${k}` : undefined));
    });
    const together = await Promise.all([lookup(1), lookup(2), lookup(4)]);
    expect(together).toEqual([undefined, 'even 2', 'even 4']);
    expect(await lookup(6)).toBe('even 6');
    expect(loads).toEqual([[1, 2, 4], [6]]);
  });

  it('fails every lookup of a turn whose load fails, and the next turn loads again', async () => {
    let fail = true;
    const lookup = turnBatch(async (keys: string[]) => {
      if (fail) throw new Error('connection lost');
      return keys.map((k) => k.toUpperCase());
    });
    const failed = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup('c')).toBe('C');
  });
});
