import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { useChineseMessages } from '@parking/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { dictionaryRoutes } from './modules/system/dictionary.routes.js';
import { identityRoutes } from './modules/system/identity.routes.js';
import { operationLogRoutes } from './modules/system/operation-log.routes.js';
import { userAdminRoutes } from './modules/system/user-admin.routes.js';
import { userRoutes } from './modules/system/user.routes.js';
import { qweatherProvider, type WeatherProvider } from './modules/system/weather.provider.js';
import { weatherRoutes } from './modules/system/weather.routes.js';
import { drawCaptcha, type CaptchaImage } from './modules/auth/captcha.js';
import { logOnlySmsSender, type SmsSender } from './modules/auth/sms-sender.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { tenancyPlugin } from './plugins/tenancy.js';
import { webPlugin } from './plugins/web.js';
import './types.js';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  redis?: Redis | undefined;
  smsSender?: SmsSender;
  drawCaptcha?: () => CaptchaImage;
  /** replaces the provider named by WEATHER_PROVIDER_URL */
  weatherProvider?: WeatherProvider;
}

useChineseMessages();

/** The whole product as one Fastify plugin; server.ts owns the process around it. */
export const app = fp(
  async (instance: FastifyInstance, options: AppOptions) => {
    instance.decorate('config', options.config);
    instance.decorate('database', options.database);
    instance.decorate('db', options.database.db);
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);

    await instance.register(errorsPlugin);
    await instance.register(cookie);
    await instance.register(formbody);
    await instance.register(tenancyPlugin);
    await instance.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'parking-rate-limit:' } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 429,
        msg: `请求过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试`,
        data: null,
      }),
    });
    await instance.register(openapiPlugin);
    await instance.register(authPlugin);

    await instance.register(authRoutes, {
      deps: {
        drawCaptcha: options.drawCaptcha ?? drawCaptcha,
        smsSender: options.smsSender ?? logOnlySmsSender(instance.log),
      },
      loginRateLimit: options.config.loginRateLimit,
    });

    await instance.register(messagesRoutes);
    await instance.register(userRoutes);
    await instance.register(userAdminRoutes);
    await instance.register(operationLogRoutes);
    await instance.register(dictionaryRoutes);
    await instance.register(identityRoutes);
    const { weatherProviderUrl, weatherProviderKey } = options.config;
    await instance.register(weatherRoutes, {
      provider: options.weatherProvider ?? (weatherProviderUrl ? qweatherProvider(weatherProviderUrl, weatherProviderKey) : undefined),
    });

    await instance.register(webPlugin);
  },
  { name: 'parking-app' },
);
