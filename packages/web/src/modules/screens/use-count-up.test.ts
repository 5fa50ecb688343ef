import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '../../test/media';
import { useCountUp } from './use-count-up';

// frames are run by hand at chosen times, so nothing here depends on the machine's speed
let frames: FrameRequestCallback[] = [];
const runFrame = (time: number) => {
  const due = frames;
  frames = [];
  act(() => due.forEach((frame) => frame(time)));
};

afterEach(() => {
  vi.restoreAllMocks();
  frames = [];
});

const stubFrames = () => {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
};

describe('useCountUp', () => {
  it('shows the first value at once, then counts up to a new one and stops on it', () => {
    stubFrames();
    const { result, rerender } = renderHook(({ value }) => useCountUp(value), { initialProps: { value: 100 } });
    expect(result.current).toBe(100);
    rerender({ value: 200 });
    runFrame(0);
    expect(result.current).toBe(100);
    runFrame(400);
    expect(result.current).toBeGreaterThan(100);
    expect(result.current).toBeLessThan(200);
    runFrame(800);
    expect(result.current).toBe(200);
    expect(frames).toHaveLength(0);
  });

  it('jumps to the new value when the person asked for reduced motion', () => {
    stubFrames();
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => fakeMediaQueryList(query, query.includes('reduce')));
    const { result, rerender } = renderHook(({ value }) => useCountUp(value), { initialProps: { value: 100 } });
    rerender({ value: 250 });
    expect(result.current).toBe(250);
    expect(frames).toHaveLength(0);
  });
});
