import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { weatherCache } from '../../db/schema/index.js';

export type WeatherReading = { info: string; temperature: string };

export const findCachedWeather = async (db: Db, location: string, day: string): Promise<WeatherReading | undefined> => {
  const [row] = await db
    .select({ info: weatherCache.info, temperature: weatherCache.temperature })
    .from(weatherCache)
    .where(and(eq(weatherCache.location, location), eq(weatherCache.day, day)))
    .limit(1);
  return row;
};

/** The first reading of the day wins: a second request racing this one keeps what is stored. */
export const cacheWeather = (db: Db, location: string, day: string, reading: WeatherReading) =>
  db
    .insert(weatherCache)
    .values({ location, day, ...reading })
    .onConflictDoNothing();
