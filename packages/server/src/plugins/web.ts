import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@parking/contract';
import { assetsDir } from '../config.js';
import { uploadsDir, uploadsPrefix } from '../shared/image-upload.js';

/** A built file whose name carries the hash of its content (`assets/login-page-BbswzMwy.js`); its .br or .gz copy too. */
const hashedAsset = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(?:\.br|\.gz)?$/;

/**
 * Hashed assets never change under their name, so a browser keeps them a year without asking again;
 * anything else (index.html above all) is checked with the server at every use, so a new release
 * is picked up at once and never served stale.
 */
const consoleCacheControl = (path: string): string => (hashedAsset.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');

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
        // the build writes .br and .gz copies of its text files: a browser gets the smallest it
        // accepts (br, then gzip, else the file itself), with Content-Encoding and Vary: Accept-Encoding
        preCompressed: true,
        setHeaders: (res, path) => {
          res.header('cache-control', consoleCacheControl(path));
        },
      });
    } else {
      app.log.warn({ webDist: config.webDist }, 'web app is not built; run `npm run build` to serve the console');
    }
  },
  { name: 'web' },
);
