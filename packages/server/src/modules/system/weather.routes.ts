import { weatherEndpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../plugins/app-error.js';
import { anySignedIn, requireAuth } from '../../plugins/auth.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { activeTenant } from './tenant.service.js';
import type { WeatherProvider } from './weather.provider.js';
import { weatherToday } from './weather.service.js';

export const weatherRoutes: FastifyPluginAsyncZod<{ provider: WeatherProvider | undefined }> = async (app, options) => {
  app.route({
    ...routeOf(weatherEndpoints.today, { tags: ['system'], summary: '实时天气（每个租户每天取一次）', permission: anySignedIn }),
    handler: async (request) => {
      const auth = requireAuth(request);
      const tenant = await activeTenant(request.db, auth.tenantCode);
      // only the tenant's own location, so nobody can spend the provider's quota on others
      if (request.params.locationCode !== tenant.weatherLocation) throw forbidden('只能查询本租户所在地的天气');
      return ok(await weatherToday(request.db, options.provider, request.params.locationCode));
    },
  });
};
