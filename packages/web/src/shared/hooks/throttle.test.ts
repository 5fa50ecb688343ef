import { describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  it('runs the first call and drops calls within the wait, then runs again', () => {
    let clock = 1_000;
    const run = vi.fn();
    const throttled = throttle(run, 700, () => clock);
    expect(throttled('a')).toBe(true);
    clock += 300;
    expect(throttled('b')).toBe(false);
    clock += 399;
    expect(throttled('c')).toBe(false);
    clock += 1;
    expect(throttled('d')).toBe(true);
    expect(run.mock.calls).toEqual([['a'], ['d']]);
  });
});
