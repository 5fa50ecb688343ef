import type { AMapNamespace } from './amap-types';

export interface AMapKeys {
  key: string;
  securityCode: string;
}

const plugins = ['AMap.AutoComplete', 'AMap.PlaceSearch', 'AMap.Geocoder'];

export const amapScriptUrl = (key: string) => `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}&plugin=${plugins.join(',')}`;

export const amapLoadTimeoutMs = 10_000;

let pending: Promise<AMapNamespace> | undefined;

/**
 * Adds the AMap script once and answers its global. A failure or a timeout is not cached,
 * so opening the picker again tries again.
 */
export function loadAMap({ key, securityCode }: AMapKeys, timeoutMs = amapLoadTimeoutMs): Promise<AMapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  pending ??= new Promise<AMapNamespace>((resolve, reject) => {
    window._AMapSecurityConfig = { securityJsCode: securityCode };
    const script = document.createElement('script');
    const fail = (reason: string) => {
      window.clearTimeout(timer);
      script.remove();
      pending = undefined;
      reject(new Error(reason));
    };
    const timer = window.setTimeout(() => fail('高德地图脚本加载超时'), timeoutMs);
    script.async = true;
    script.src = amapScriptUrl(key);
    script.onerror = () => fail('高德地图脚本加载失败');
    script.onload = () => {
      if (!window.AMap) return fail('高德地图脚本未提供 AMap');
      window.clearTimeout(timer);
      resolve(window.AMap);
    };
    document.head.append(script);
  });
  return pending;
}
