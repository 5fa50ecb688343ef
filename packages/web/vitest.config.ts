import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** A project of the root vitest config; also runnable alone with `--config packages/web/vitest.config.ts`. */
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: {
      '@parking/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // antd forms driven by user-event are slow under jsdom
    testTimeout: 20_000,
  },
});
