import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The contract is consumed as source so the web build never waits for `tsc -b` of the contract. */
export const contractAlias = {
  '@parking/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the server sends as it is; images and fonts arrive compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
};

/**
 * Writes `name.br` and `name.gz` beside one file. Even a file too small to gain is given both, so the
 * server always finds a ready copy and never compresses a built file at each request.
 */
async function precompressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    // built once and served many times: the slowest, smallest settings are worth it
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * After the build is written, every text file of the output gets brotli (.br) and gzip (.gz) copies
 * beside it, so the server sends a browser the smaller form it accepts without compressing at each request.
 */
export function precompress(): Plugin {
  return {
    name: 'parking:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      const files = (await filesUnder(options.dir)).filter((file) => compressible.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react(), precompress()],
  resolve: { alias: contractAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the largest chunk is `libs` below (about 860 KB, 210 KB as brotli), loaded once after sign-in
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The contract only declares schemas and endpoints: what a chunk does not use of it is left out,
      // so the login page does not carry every module's schemas.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // React changes less often than our code; its own chunk stays cached across releases. What the
        // entry imports statically (the login page, the providers, the http client, the antd parts they
        // use) is one chunk, all the login page loads. After sign-in come the shell, the page, and two
        // chunks they share: the other libraries (antd's other components above all) and our modules
        // that more than one page uses, instead of dozens of small files each waiting its turn.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            // the charts' library comes only with the pages that draw charts (营收报表, 数据大屏), not with every page
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 15 },
            // the video players come only with 视频监控
            { name: 'video-players', test: /node_modules[\\/](hls\.js|mpegts\.js)[\\/]/, priority: 16 },
            { name: 'start', tags: ['$initial'], priority: 10 },
            { name: 'libs', test: /node_modules[\\/]/, priority: 5 },
            { name: 'common', test: /packages[\\/](web|contract)[\\/]src[\\/]/, minShareCount: 2, priority: 4 },
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
