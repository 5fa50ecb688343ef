import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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
