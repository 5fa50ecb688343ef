import { useEffect, useRef, useState } from 'react';

const countUpMs = 800;

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A figure that counts from its last value to a new one in a short ease-out, so a change is seen from
 * across the room. The first value shows at once; with reduced motion asked for, every change jumps.
 */
export function useCountUp(target: number): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  const jump = prefersReducedMotion() || typeof window.requestAnimationFrame !== 'function';

  useEffect(() => {
    const from = shownRef.current;
    if (jump) shownRef.current = target;
    if (jump) return undefined;
    let frame = 0;
    if (from === target) {
      // motion asked for again after jumps: the figure shown catches up with the last one
      frame = window.requestAnimationFrame(() => setShown(target));
      return () => window.cancelAnimationFrame(frame);
    }
    let start: number | undefined;
    const step = (time: number) => {
      start ??= time;
      const progress = Math.min(1, (time - start) / countUpMs);
      const eased = 1 - (1 - progress) ** 3;
      const value = progress >= 1 ? target : from + (target - from) * eased;
      shownRef.current = value;
      setShown(value);
      if (progress < 1) frame = window.requestAnimationFrame(step);
    };
    frame = window.requestAnimationFrame(step);
    return () => window.cancelAnimationFrame(frame);
  }, [target, jump]);

  return jump ? target : shown;
}
