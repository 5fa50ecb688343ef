import { envelope, weatherInfo, weatherPath } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../plugins/app-error.js';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { activeTenant } from '../auth/auth.service.js';
import type { WeatherProvider } from './weather.provider.js';
import { weatherToday } from './weather.service.js';

export const weatherRoutes: FastifyPluginAsyncZod<{ provider: WeatherProvider | undefined }> = async (app, options) => {
  app.get(
    weatherPath,
    {
      config: { permission: anySignedIn },
      schema: {
        tags: ['system'],
        summary: '实时天气（每个租户每天取一次）',
        params: z.object({ locationCode: z.string().regex(/^[A-Za-z0-9,.-]{1,32}$/, '天气位置编码格式不正确') }),
        querystring: z.object({ timestamp: z.string().max(20).optional() }),
        response: { 200: envelope(weatherInfo) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const tenant = await activeTenant(request.db, auth.tenantCode);
      // only the tenant's own location, so nobody can spend the provider's quota on others
      if (request.params.locationCode !== tenant.weatherLocation) throw forbidden('只能查询本租户所在地的天气');
      return { code: 200, msg: '成功', data: await weatherToday(request.db, options.provider, request.params.locationCode) };
    },
  );
};
