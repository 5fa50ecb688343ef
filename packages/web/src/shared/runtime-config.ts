import { runtimeConfig, type RuntimeConfig } from '@parking/contract';

const fallbackConfig: RuntimeConfig = {
  apiBaseUrl: '',
  amapKey: '',
  amapSecurityCode: '',
  weatherEnabled: false,
};

let current: RuntimeConfig = fallbackConfig;

/** Reads `/config.json` once before the first render; a missing or malformed file means same-origin defaults. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl('config.json', { cache: 'no-store' });
    if (response.ok) {
      const parsed = runtimeConfig.safeParse(await response.json());
      if (parsed.success) current = parsed.data;
    }
  } catch {
    // the console still works against its own origin without the file
  }
  return current;
}

export const getRuntimeConfig = (): RuntimeConfig => current;
