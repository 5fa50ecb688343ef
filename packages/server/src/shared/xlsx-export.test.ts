import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../plugins/app-error.js';
import { errorsPlugin } from '../plugins/errors.js';
import { xlsxRows } from '../test/xlsx-rows.js';
import { ExportCancelled, sendXlsx, shanghaiDateTime, writeXlsx } from './xlsx-export.js';

const server = Fastify();
const columns = [{ header: '车牌号', value: (row: { plate: string }) => row.plate }];

beforeAll(async () => {
  await server.register(errorsPlugin);
  server.get('/rows', (_request, reply) =>
    sendXlsx(reply, {
      fileName: '导出',
      sheetName: '导出',
      columns,
      batches: (async function* () {
        yield [{ plate: '粤B00001' }];
        yield [{ plate: '粤B00002' }];
      })(),
    }),
  );
  server.get('/refused', (_request, reply) =>
    sendXlsx(reply, {
      fileName: '导出',
      sheetName: '导出',
      columns,
      // eslint-disable-next-line require-yield -- refused before the first row, as a service refuses a filter
      batches: (async function* () {
        throw badRequest('注册开始日期不能早于2000-01-01');
      })(),
    }),
  );
  await server.ready();
});
afterAll(() => server.close());

describe('an xlsx export', () => {
  it('writes every batch as rows under the headers', async () => {
    const response = await server.inject({ method: 'GET', url: '/rows' });
    expect(response.statusCode).toBe(200);
    expect(await xlsxRows(response)).toEqual([['车牌号'], ['粤B00001'], ['粤B00002']]);
  });

  it('answers a refusal before its first row as the refusal, not as a download that breaks off', async () => {
    const response = await server.inject({ method: 'GET', url: '/refused' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 400, msg: '注册开始日期不能早于2000-01-01' });
  });
});

const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const scattered = (n: number) => {
  const h = Math.imul(n + 1, 2_654_435_761) >>> 0;
  return `${letters[h % 24]}${String(h % 100_000).padStart(5, '0')}`;
};

/** A source of `batches` batches of 500 plates that counts how many it was asked for and says when it was closed. */
const countingSource = (batches: number) => {
  const seen = { pulled: 0, closed: false };
  let onClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  async function* source() {
    try {
      for (let b = 0; b < batches; b++) {
        seen.pulled++;
        // scattered plates: rows that compress as real ones do, not a hundredfold
        yield Array.from({ length: 500 }, (_, i) => ({ plate: `粤${scattered(b * 500 + i)}` }));
      }
    } finally {
      seen.closed = true;
      onClosed();
    }
  }
  return { seen, closed, batches: source() };
};

/** Lets the zip's compression (on libuv's threads) and the streams after it run until `count` stops moving for 50 rounds. */
const settled = async (count: () => number) => {
  for (let still = 0, last = -1; still < 50;) {
    await promisify(deflateRaw)(Buffer.alloc(1));
    await nextTurn();
    still = count() === last ? still + 1 : 0;
    last = count();
  }
};

describe('the export pipeline', () => {
  it('reads no further ahead than the client takes: a client that stops reading stops the reading of rows', async () => {
    const { seen, batches } = countingSource(1000);
    let chunks = 0;
    // takes the first chunk and never asks for another, like a stalled download
    const stalled = new Writable({
      write: () => {
        chunks++;
      },
    });
    const aborting = new AbortController();
    const writing = writeXlsx(stalled, { sheetName: '导出', columns }, batches, await batches.next(), { signal: aborting.signal });
    await settled(() => seen.pulled);
    expect(chunks).toBe(1);
    // without the wait all thousand batches are read at once; the fixed-size buffers between the
    // rows and the socket hold fewer than 200 of them
    expect(seen.pulled).toBeLessThan(200);
    const pulled = seen.pulled;

    aborting.abort();
    await expect(writing).rejects.toBeInstanceOf(ExportCancelled);
    expect(seen.closed).toBe(true);
    expect(seen.pulled).toBe(pulled);
  });

  it('stops reading within a batch when the client goes away, and closes the source', async () => {
    const { seen, closed, batches } = countingSource(100_000);
    // the test's own server: closing it must not wait for the connection the client gave up
    const server = Fastify({ forceCloseConnections: true });
    server.get('/many', (_request, reply) => sendXlsx(reply, { fileName: '导出', sheetName: '导出', columns, batches }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as AddressInfo;
      const leaving = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/many`, { signal: leaving.signal });
      const reader = response.body!.getReader();
      await reader.read();
      const pulledAtAbort = seen.pulled;
      leaving.abort();
      await closed;
      // the batch being read when the client left may still come; none after it
      expect(seen.pulled - pulledAtAbort).toBeLessThanOrEqual(1);
      expect(seen.pulled).toBeLessThan(100_000);
    } finally {
      await server.close();
    }
  });
});

describe('shanghaiDateTime', () => {
  it('writes the Shanghai wall-clock time, as the time-zone database gives it', () => {
    const zone = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' });
    for (const at of ['2026-11-20T01:30:00Z', '2026-12-31T16:00:00Z', '2024-02-28T16:59:59.999Z', '1992-01-01T00:00:00Z', '2099-06-30T23:59:59Z']) {
      expect(shanghaiDateTime(new Date(at))).toBe(zone.format(new Date(at)));
    }
  });

  it('asks the time-zone database for the years Shanghai kept daylight saving', () => {
    // 1988-07-01 was in daylight saving time, UTC+9
    expect(shanghaiDateTime(new Date('1988-07-01T00:00:00Z'))).toBe('1988-07-01 09:00:00');
  });
});
