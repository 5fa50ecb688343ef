import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The contract is consumed as source so the web build never waits for `tsc -b` of the contract. */
export const contractAlias = {
  '@parking/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
};

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  resolve: { alias: contractAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code; separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 10 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/config.json': apiTarget,
      '/brand': apiTarget,
      '/weather': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/config.json': apiTarget,
      '/brand': apiTarget,
      '/weather': apiTarget,
    },
  },
});
