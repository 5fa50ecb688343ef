import { weatherInfo, type WeatherInfo } from '@parking/contract';
import dayjs from 'dayjs';

/** Weather is cached per account, with the date it is valid for: the current day. */
export const weatherCacheKey = (account: string): string => `weather:${account}`;

export const today = (now: Date = new Date()): string => dayjs(now).format('YYYY-MM-DD');

interface CachedWeather {
  date: string;
  data: WeatherInfo;
}

export function readWeatherCache(storage: Pick<Storage, 'getItem'>, account: string, date: string): WeatherInfo | null {
  try {
    const cached = JSON.parse(storage.getItem(weatherCacheKey(account)) ?? 'null') as Partial<CachedWeather> | null;
    if (cached?.date !== date) return null;
    const parsed = weatherInfo.safeParse(cached.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeWeatherCache(storage: Pick<Storage, 'setItem'>, account: string, date: string, data: WeatherInfo): void {
  const entry: CachedWeather = { date, data };
  storage.setItem(weatherCacheKey(account), JSON.stringify(entry));
}

/** "info temperature℃", e.g. 晴 12℃. */
export const weatherText = (weather: WeatherInfo): string => `${weather.info} ${weather.temperature}℃`;
