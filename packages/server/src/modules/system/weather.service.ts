import { businessDay, type WeatherInfo } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../plugins/app-error.js';
import { WeatherProviderError, type WeatherProvider } from './weather.provider.js';
import { cacheWeather, findCachedWeather, type WeatherReading } from './weather.repository.js';

/** Today's reading for a location: from the cache, or fetched once and cached for the day. */
export const weatherToday = async (db: Db, provider: WeatherProvider | undefined, location: string, now = new Date()): Promise<WeatherInfo> => {
  if (!provider) throw new AppError(503, '未配置天气服务（WEATHER_PROVIDER_URL），不显示天气');
  const day = businessDay(now);
  const cached = await findCachedWeather(db, location, day);
  if (cached) return { ...cached, date: day };
  let reading: WeatherReading;
  try {
    reading = await provider.now(location);
  } catch (error) {
    if (error instanceof WeatherProviderError) throw new AppError(502, '天气服务暂时不可用');
    throw error;
  }
  await cacheWeather(db, location, day, reading);
  return { ...reading, date: day };
};
