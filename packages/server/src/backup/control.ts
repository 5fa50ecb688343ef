import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processAlive } from '../db/data-dir-lock.js';

/**
 * How `npm run backup` asks a running server to take the backup: only the server process can read
 * its embedded database while it runs. At start the server listens on a loopback port of its own
 * (never the API's) and writes that port and a random secret to this file, readable by its owner
 * only; a request without the secret is refused, and the answer names a file in DATA_DIR/backups,
 * never the database's bytes.
 */
export const controlFileName = '.backup-control.json';

interface ControlFile {
  pid: number;
  port: number;
  secret: string;
}

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const startBackupControl = async (dataDir: string, take: () => Promise<{ path: string; bytes: number }>) => {
  const secret = randomBytes(32).toString('hex');
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'not found' });
    if (!sameSecret(given, secret)) return answer(403, { error: 'forbidden' });
    take().then(
      (taken) => answer(200, taken),
      (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const file = join(dataDir, controlFileName);
  const partial = `${file}.${process.pid}`;
  const content: ControlFile = { pid: process.pid, port: (server.address() as AddressInfo).port, secret };
  await writeFile(partial, JSON.stringify(content), { mode: 0o600 });
  await rename(partial, file);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // only our own file: another server may have started on this folder since
      const now = await readControlFile(dataDir);
      if (now?.secret === secret) await rm(file, { force: true });
    },
  };
};

export const readControlFile = async (dataDir: string): Promise<ControlFile | undefined> => {
  const text = await readFile(join(dataDir, controlFileName), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ControlFile;
  } catch {
    return undefined;
  }
};

/** The server running on `dataDir`, if one does (its control file names a live process). */
export const runningServerOf = async (dataDir: string) => {
  const control = await readControlFile(dataDir);
  return control && processAlive(control.pid) ? control : undefined;
};

/** Asks the server running on `dataDir` to take a backup; answers where it put it. */
export const askServerForBackup = async (control: ControlFile): Promise<{ path: string; bytes: number }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: control.port, path: '/backup', method: 'POST', headers: { authorization: `Bearer ${control.secret}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (text: string) => (body += text));
      res.on('end', () => {
        try {
          const parsed = JSON.parse(body) as { path: string; bytes: number; error?: string };
          if (res.statusCode === 200) resolve(parsed);
          else reject(new Error(`服务器未能完成备份 / the server could not take the backup: ${parsed.error ?? res.statusCode}`));
        } catch {
          reject(new Error(`运行中的服务器答复无法识别 / unreadable answer from the running server: ${body.slice(0, 200)}`));
        }
      });
    });
    req.on('error', (error) => reject(new Error(`运行中的服务器（进程 ${control.pid}）没有回应 / the running server did not answer: ${error.message}`)));
    req.end();
  });
