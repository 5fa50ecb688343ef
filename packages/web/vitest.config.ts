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
    // a guard against a hung test, not a speed target: a file shares the 2 cores with another worker
    testTimeout: 60_000,
  },
});
