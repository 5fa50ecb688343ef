import { z } from 'zod';

export const weatherPath = '/weather/real/:locationCode';

export const weatherInfo = z.object({
  /** e.g. 晴, 多云 */
  info: z.string(),
  /** degrees Celsius as the provider states them, e.g. "12" */
  temperature: z.string(),
  /** the business day (Asia/Shanghai) the reading is cached for */
  date: z.string(),
});
export type WeatherInfo = z.infer<typeof weatherInfo>;
