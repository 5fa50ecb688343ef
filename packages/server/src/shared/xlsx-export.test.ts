import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../plugins/app-error.js';
import { errorsPlugin } from '../plugins/errors.js';
import { xlsxRows } from '../test/xlsx-rows.js';
import { sendXlsx } from './xlsx-export.js';

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
