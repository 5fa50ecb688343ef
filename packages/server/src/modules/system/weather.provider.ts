/** Where the navbar's weather comes from. The server never invents a reading. */
export interface WeatherProvider {
  now(location: string): Promise<{ info: string; temperature: string }>;
}

export class WeatherProviderError extends Error {}

/**
 * A QWeather-compatible provider: GET {base}/v7/weather/now?location=&key= answering
 * { code: "200", now: { text, temp } }. Location codes are the national city ids, e.g. 101010100.
 */
export const qweatherProvider = (baseUrl: string, key: string, timeoutMs = 5_000): WeatherProvider => ({
  async now(location) {
    const url = new URL('v7/weather/now', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    url.searchParams.set('location', location);
    url.searchParams.set('key', key);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new WeatherProviderError(`weather provider unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new WeatherProviderError(`weather provider answered HTTP ${response.status}`);
    const body = (await response.json()) as { code?: string; now?: { text?: unknown; temp?: unknown } };
    if (body.code !== '200' || typeof body.now?.text !== 'string' || body.now.temp === undefined) {
      throw new WeatherProviderError(`weather provider answered code ${String(body.code)}`);
    }
    return { info: body.now.text, temperature: String(body.now.temp) };
  },
});
