/**
 * Leading-edge throttle: the first call runs at once, calls within `waitMs` after it are dropped.
 * `now` is injectable so tests need no timers.
 */
export function throttle<Args extends unknown[]>(run: (...args: Args) => void, waitMs: number, now: () => number = Date.now): (...args: Args) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (...args) => {
    const at = now();
    if (at - last < waitMs) return false;
    last = at;
    run(...args);
    return true;
  };
}
