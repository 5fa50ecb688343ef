import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach, vi } from 'vitest';
import { installLeanStyles } from './test/lean-styles';
import { fakeMediaQueryList } from './test/media';

// antd under jsdom renders slowly on a busy machine; findBy/waitFor wait for behaviour, not speed
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these; antd's responsive helpers call them on mount.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

window.scrollTo = () => undefined;

installLeanStyles();

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// React's scheduler renders on setImmediate: a render a test's last promise queued must run while
// jsdom's window still exists. Left for after the file, it ran once the environment was torn down
// and failed the whole run with "window is not defined" (region-cascader, on a busy machine).
afterAll(async () => {
  // the file is over: a clock a test left faked must not hold this wait
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
  // NProgress (app/root-frame.tsx) takes its bar off the page on timers of its own, 400 ms after a
  // navigation ends, and trickles on timers while one goes on. A file that ended first failed the run
  // with "document is not defined" from NProgress.remove (app-flow, on a busy machine).
  if (NProgress.isStarted()) NProgress.done();
  for (let waited = 0; document.getElementById('nprogress') && waited < 3_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
});
