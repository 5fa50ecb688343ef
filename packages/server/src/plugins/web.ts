import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@parking/contract';
import { assetsDir } from '../config.js';
import { uploadsDir, uploadsPrefix } from '../shared/image-upload.js';

/** Serves the built console, the runtime config the browser reads first, and seeded brand images. */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    app.get('/config.json', { config: { public: true }, schema: { hide: true } }, async (): Promise<RuntimeConfig> => ({
      apiBaseUrl: config.apiBaseUrl,
      amapKey: config.amapKey,
      amapSecurityCode: config.amapSecurityCode,
      weatherEnabled: config.weatherProviderUrl !== '',
    }));

    await app.register(fastifyStatic, {
      root: join(assetsDir, 'brand'),
      prefix: '/brand/',
      decorateReply: false,
      maxAge: '1h',
    });

    // uploaded brand images and avatars: public by design, under random names (shared/image-upload.ts)
    const uploads = uploadsDir(config.dataDir);
    mkdirSync(uploads, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploads,
      prefix: uploadsPrefix,
      decorateReply: false,
      // each upload gets a new name, so a cached copy is never stale
      maxAge: '7d',
      immutable: true,
      setHeaders: (res) => {
        res.header('x-content-type-options', 'nosniff');
        res.header('content-security-policy', "default-src 'none'");
      },
    });

    if (existsSync(join(config.webDist, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: config.webDist,
        prefix: '/',
        decorateReply: false,
        wildcard: true,
        // hashed assets may be cached for long; index.html must be fetched fresh to pick them up
        setHeaders: (res, path) => {
          res.header('cache-control', path.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
        },
      });
    } else {
      app.log.warn({ webDist: config.webDist }, 'web app is not built; run `npm run build` to serve the console');
    }
  },
  { name: 'web' },
);
