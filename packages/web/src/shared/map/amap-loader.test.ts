import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AMapNamespace } from './amap-types';

const keys = { key: 'k-1', securityCode: 's-1' };
// the loader checks only that the global is there
const fakeAMap = {} as AMapNamespace;

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src^="https://webapi.amap.com/"]')];

/** A fresh module each time: the loader caches its promise for the page's life. */
const freshLoader = async () => {
  vi.resetModules();
  return import('./amap-loader');
};

beforeEach(() => {
  delete window.AMap;
  delete window._AMapSecurityConfig;
  for (const script of scripts()) script.remove();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadAMap', () => {
  it('sets the security code before adding the script, asks for the three plugins and answers window.AMap on load', async () => {
    const { loadAMap } = await freshLoader();
    let codeWhenAdded: string | undefined;
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      codeWhenAdded = window._AMapSecurityConfig?.securityJsCode;
      append(...nodes);
    });
    const loaded = loadAMap(keys);
    expect(codeWhenAdded).toBe('s-1');
    const [script] = scripts();
    expect(script?.src).toBe('https://webapi.amap.com/maps?v=2.0&key=k-1&plugin=AMap.AutoComplete,AMap.PlaceSearch,AMap.Geocoder');
    window.AMap = fakeAMap;
    script!.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe(fakeAMap);
  });

  it('adds the script once for callers that ask while it loads, and not at all once AMap is there', async () => {
    const { loadAMap } = await freshLoader();
    const first = loadAMap(keys);
    expect(loadAMap(keys)).toBe(first);
    expect(scripts()).toHaveLength(1);
    window.AMap = fakeAMap;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await first;
    await expect(loadAMap(keys)).resolves.toBe(fakeAMap);
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script fails, removes it, and tries again on the next call', async () => {
    const { loadAMap } = await freshLoader();
    const failed = loadAMap(keys);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('高德地图脚本加载失败');
    expect(scripts()).toHaveLength(0);
    const retried = loadAMap(keys);
    expect(retried).not.toBe(failed);
    expect(scripts()).toHaveLength(1);
    retried.catch(() => undefined);
  });

  it('rejects a script that loads without defining AMap (a wrong key answers an error script)', async () => {
    const { loadAMap } = await freshLoader();
    const loaded = loadAMap(keys);
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(loaded).rejects.toThrow('高德地图脚本未提供 AMap');
  });

  it('gives up after 10 s when the script neither loads nor fails', async () => {
    vi.useFakeTimers();
    const { loadAMap } = await freshLoader();
    const loaded = loadAMap(keys);
    const outcome = expect(loaded).rejects.toThrow('高德地图脚本加载超时');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(scripts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(scripts()).toHaveLength(0);
  });
});
