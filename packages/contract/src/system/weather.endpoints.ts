import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { weatherInfo, weatherPath } from './weather.schema.js';

export const weatherEndpoints = {
  today: endpoint({
    method: 'GET',
    path: weatherPath,
    params: z.object({ locationCode: z.string().regex(/^[A-Za-z0-9,.-]{1,32}$/, '天气位置编码格式不正确') }),
    query: z.object({ timestamp: z.string().max(20).optional() }),
    answer: weatherInfo,
  }),
};
