/* eslint-disable react-hooks/refs -- the latest-callback ref: set on every render so the one throttled function calls the newest `run`, and only ever from an event */
import { useMemo, useRef } from 'react';
import { throttle } from './throttle';

/** A throttled callback that stays the same across renders and always calls the latest `run`. */
export function useThrottledCallback<Args extends unknown[]>(run: (...args: Args) => void, waitMs: number): (...args: Args) => boolean {
  const latest = useRef(run);
  latest.current = run;
  return useMemo(() => throttle((...args: Args) => latest.current(...args), waitMs), [waitMs]);
}
