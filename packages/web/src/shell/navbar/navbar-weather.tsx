import { weatherEndpoints, weatherInfo, type WeatherInfo } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { getRuntimeConfig } from '../../shared/runtime-config';
import { call } from '../../shared/http/call';
import { readAccount } from '../../shared/tenant/account-cookie';
import { useBranding } from '../../shared/tenant/branding-api';
import { readWeatherCache, today, weatherText, writeWeatherCache } from './weather-cache';

async function fetchWeather(account: string, location: string, date: string): Promise<WeatherInfo> {
  const cached = readWeatherCache(window.localStorage, account, date);
  if (cached) return cached;
  const data = weatherInfo.parse(
    await call(weatherEndpoints.today, {
      params: { locationCode: location },
      query: { timestamp: String(Date.now()) },
      // no weather is better than a warning about weather
      silent: true,
    }),
  );
  writeWeatherCache(window.localStorage, account, date, data);
  return data;
}

/** The tenant's weather, once per account per day; nothing at all when it is off or failing. */
export function NavbarWeather() {
  const { data: branding } = useBranding();
  const account = readAccount();
  const location = branding?.weatherLocation ?? '';
  const date = today();
  const enabled = getRuntimeConfig().weatherEnabled && location !== '';
  const { data } = useQuery({
    queryKey: ['weather', 'detail', account, location, date],
    queryFn: () => fetchWeather(account, location, date),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (!enabled || !data) return null;
  return <span className="app-navbar__weather">{weatherText(data)}</span>;
}
