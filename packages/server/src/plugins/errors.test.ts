import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useChineseMessages } from '@parking/contract';
import { conflict, fieldRefused } from './app-error.js';
import { errorsPlugin } from './errors.js';

useChineseMessages();
const app = Fastify({ logger: false });

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/boom', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  typed.get('/race', async () => {
    throw new Error('Failed query: insert …', { cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }) });
  });
  typed.get('/taken', async () => {
    throw conflict('车牌号已存在');
  });
  typed.post('/rent', async () => {
    throw fieldRefused('spaceCount', '车位数不能超过停车场「东门」的长租车位数（5）');
  });
  typed.get(
    '/items',
    { schema: { querystring: z.object({ amountMin: z.coerce.number().int('最低金额须为整数').optional(), amountMax: z.coerce.number().int('最高金额须为整数').optional() }) } },
    async () => 'ok',
  );
  typed.post('/items', { schema: { body: z.object({ plate: z.string().min(7, '车牌号至少7位'), count: z.number() }) } }, async () => 'ok');
  await app.ready();
});
afterAll(() => app.close());

describe('the central error handler', () => {
  it('answers 500 with a Chinese msg and never the cause or a stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: '服务器内部错误，请稍后再试', data: { requestId: response.json().data.requestId } });
    expect(response.json().data.requestId).toMatch(/\S/);
    expect(response.body).not.toContain('postgres://');
    expect(response.body).not.toContain('at ');
  });

  it('keeps the status and msg of a business error', async () => {
    const response = await app.inject({ method: 'GET', url: '/taken' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 409, msg: '车牌号已存在', data: null });
  });

  it('answers 409, not 500, when a unique index catches a duplicate', async () => {
    const response = await app.inject({ method: 'GET', url: '/race' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 409, msg: '数据已存在，请勿重复提交', data: null });
  });

  it('names the field of a validation error, in Chinese', async () => {
    const custom = await app.inject({ method: 'POST', url: '/items', payload: { plate: '粤B1', count: 1 } });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().msg).toBe('请求体 plate：车牌号至少7位');
    const builtIn = await app.inject({ method: 'POST', url: '/items', payload: { plate: '粤B12345', count: 'x' } });
    expect(builtIn.json().msg).toMatch(/^请求体 count：.*[\u4e00-\u9fa5]/);
  });

  it('lists every refused field with where it was and why, so a form can show each under its input', async () => {
    const body = await app.inject({ method: 'POST', url: '/items', payload: { plate: '粤B1', count: 'x' } });
    const { fields } = body.json().data as { fields: { in: string; field: string; message: string }[] };
    expect(fields.map(({ in: part, field }) => `${part}.${field}`)).toEqual(['body.plate', 'body.count']);
    expect(fields[0]?.message).toBe('车牌号至少7位');
    expect(fields[1]?.message).toMatch(/[\u4e00-\u9fa5]/);
    const query = await app.inject({ method: 'GET', url: '/items?amountMin=1.5&amountMax=2.5' });
    expect(query.statusCode).toBe(400);
    expect(query.json().data).toEqual({
      fields: [
        { in: 'querystring', field: 'amountMin', message: '最低金额须为整数' },
        { in: 'querystring', field: 'amountMax', message: '最高金额须为整数' },
      ],
    });
  });

  it('names the field of a refusal only the server can judge', async () => {
    const response = await app.inject({ method: 'POST', url: '/rent' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg: '车位数不能超过停车场「东门」的长租车位数（5）',
      data: { fields: [{ in: 'body', field: 'spaceCount', message: '车位数不能超过停车场「东门」的长租车位数（5）' }] },
    });
  });

  it('says a malformed JSON body in Chinese', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"plate":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('请求体不是合法的 JSON');
  });

  it('answers an unknown path with 404 naming it', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/nowhere?x=1' });
    expect(response.json()).toEqual({ code: 404, msg: '接口不存在：DELETE /nowhere', data: null });
  });
});
