import { AxiosError, AxiosHeaders, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { decideHttpAction, type RequestOutcome } from './error-catalogue';
import { outcomeOfError } from './http-client';

const response = (status: number, body: unknown): RequestOutcome => ({ kind: 'response', status, body });
const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

describe('decideHttpAction', () => {
  it('passes a 2xx answer with code 200', () => {
    expect(decideHttpAction(response(200, envelope(200, 'ok', { a: 1 })))).toEqual({ type: 'pass' });
    expect(decideHttpAction(response(204, ''))).toEqual({ type: 'pass' });
  });

  it.each([600, 601, 602])('asks to sign in again for code %i, whatever the HTTP status', (code) => {
    const expected = { type: 'confirm-sign-in', title: '系统提示', content: '登录状态已过期，请重新登录' };
    expect(decideHttpAction(response(401, envelope(code, '登录已失效')))).toEqual(expected);
    expect(decideHttpAction(response(200, envelope(code, '登录已失效')))).toEqual(expected);
  });

  it('offers to stay or sign in again on a plain HTTP 401', () => {
    expect(decideHttpAction(response(401, envelope(401, '未登录')))).toEqual({
      type: 'confirm-sign-in',
      title: '系统提示',
      content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
    });
  });

  it('goes to /401 on HTTP 403', () => {
    expect(decideHttpAction(response(403, envelope(403, '没有权限')))).toEqual({ type: 'navigate', to: '/401' });
  });

  it.each([500, 502, 503])('shows "服务错误" with the server message for a fault of the server (%i), 5 s', (status) => {
    expect(decideHttpAction(response(status, envelope(status, '服务器内部错误，请稍后再试')))).toEqual({
      type: 'notify',
      title: '服务错误',
      description: '服务器内部错误，请稍后再试',
      duration: 5,
      key: '服务错误|服务器内部错误，请稍后再试',
    });
  });

  it.each([500, 502, 503])('ends the notice of a fault (%i) with the request’s 请求编号, so a user’s report leads to the server’s log', (status) => {
    const outcome: RequestOutcome = { kind: 'response', status, body: envelope(status, '服务器内部错误，请稍后再试'), requestId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' };
    expect(decideHttpAction(outcome)).toEqual({
      type: 'notify',
      title: '服务错误',
      description: '服务器内部错误，请稍后再试。请求编号：f47ac10b-58cc-4372-a567-0e02b2c3d479',
      duration: 5,
      // the same fault of another call replaces this notice rather than stacking a second: its key has no number
      key: '服务错误|服务器内部错误，请稍后再试',
    });
    expect(decideHttpAction({ ...outcome, requestId: '0b7d9e2c-58cc-4372-a567-0e02b2c3d479' })).toMatchObject({ key: '服务错误|服务器内部错误，请稍后再试' });
    expect(decideHttpAction({ ...outcome, body: envelope(status, '服务暂不可用。') })).toMatchObject({ description: '服务暂不可用。请求编号：f47ac10b-58cc-4372-a567-0e02b2c3d479' });
    expect(decideHttpAction({ ...outcome, body: '<html>' })).toMatchObject({ description: '请求编号：f47ac10b-58cc-4372-a567-0e02b2c3d479' });
  });

  it('leaves the 请求编号 out of a refusal: the user can act on its message', () => {
    const outcome: RequestOutcome = { kind: 'response', status: 409, body: envelope(409, '车牌号已存在'), requestId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' };
    expect(decideHttpAction(outcome)).toMatchObject({ title: '操作失败', description: '车牌号已存在' });
  });

  it.each([400, 404, 409, 429])('calls a refusal (%i) 操作失败, not 服务错误, with the server message', (status) => {
    expect(decideHttpAction(response(status, envelope(status, '停车场名称不能为空')))).toEqual({
      type: 'notify',
      title: '操作失败',
      description: '停车场名称不能为空',
      duration: 5,
    });
  });

  const refusedFields = envelope(400, '请求体 longRentalSpaces：长租车位数不能超过总车位数', {
    fields: [
      { in: 'body', field: 'longRentalSpaces', message: '长租车位数不能超过总车位数' },
      { in: 'body', field: 'reservedSpaces', message: '预留车位数不能为负数' },
    ],
  });

  it('says a refusal about fields in their own Chinese messages, never the request part and its key', () => {
    const action = decideHttpAction(response(400, refusedFields));
    expect(action).toEqual({ type: 'notify', title: '操作失败', description: '长租车位数不能超过总车位数；预留车位数不能为负数', duration: 5 });
  });

  it('leaves a refusal about fields to a caller that places them under its inputs, and reports everything else for it', () => {
    expect(decideHttpAction(response(400, refusedFields), { placesFields: true })).toEqual({ type: 'ignore' });
    expect(
      decideHttpAction(response(409, envelope(409, '停车场名称「东门」已存在', { fields: [{ in: 'body', field: 'name', message: '停车场名称「东门」已存在' }] })), { placesFields: true }),
    ).toEqual({
      type: 'ignore',
    });
    expect(decideHttpAction(response(400, envelope(400, '所选停车场不存在')), { placesFields: true })).toMatchObject({ type: 'notify', description: '所选停车场不存在' });
    expect(decideHttpAction(response(500, envelope(500, '服务器内部错误，请稍后再试')), { placesFields: true })).toMatchObject({ type: 'notify', title: '服务错误' });
  });

  it('falls back to the message, then the error field, of a non-envelope body', () => {
    expect(decideHttpAction(response(500, { message: '内部错误' }))).toMatchObject({ description: '内部错误' });
    expect(decideHttpAction(response(502, { error: 'Bad Gateway' }))).toMatchObject({ description: 'Bad Gateway' });
    expect(decideHttpAction(response(502, '<html>'))).toMatchObject({ title: '服务错误', description: undefined });
  });

  it('shows "错误" for a status outside 200–300 below 400 and for a 2xx carrying a failure code', () => {
    expect(decideHttpAction(response(304, envelope(304, '未修改')))).toEqual({ type: 'notify', title: '错误', description: '未修改', duration: 5 });
    expect(decideHttpAction(response(200, envelope(409, '车牌已存在')))).toEqual({ type: 'notify', title: '错误', description: '车牌已存在', duration: 5 });
  });

  it('reports a timeout and a missing response', () => {
    expect(decideHttpAction({ kind: 'timeout' })).toEqual({ type: 'notify', title: '网络请求超时', description: undefined, duration: 5 });
    expect(decideHttpAction({ kind: 'no-response' })).toEqual({ type: 'notify', title: '接口请求失败', description: undefined, duration: 5 });
  });

  it('stays quiet for a cancelled call and for every failure of a silent call', () => {
    expect(decideHttpAction({ kind: 'cancelled' })).toEqual({ type: 'ignore' });
    for (const outcome of [response(401, envelope(600, 'x')), response(403, null), response(500, null), { kind: 'timeout' } as const]) {
      expect(decideHttpAction(outcome, { silent: true })).toEqual({ type: 'ignore' });
    }
    expect(decideHttpAction(response(200, envelope(200, 'ok')), { silent: true })).toEqual({ type: 'pass' });
  });
});

describe('outcomeOfError', () => {
  const config = { headers: {} } as InternalAxiosRequestConfig;

  it('reads status and body of an answered call', () => {
    const error = new AxiosError('x', 'ERR_BAD_REQUEST', config, {}, { status: 429, data: envelope(429, '操作过于频繁'), statusText: '', headers: {}, config });
    expect(outcomeOfError(error)).toEqual({ kind: 'response', status: 429, body: envelope(429, '操作过于频繁') });
  });

  it('reads the server’s request id from x-request-id, and only an id of its shape', () => {
    const answered = (headers: Record<string, string> | AxiosHeaders) =>
      outcomeOfError(new AxiosError('x', 'ERR_BAD_RESPONSE', config, {}, { status: 500, data: envelope(500, '服务器内部错误，请稍后再试'), statusText: '', headers, config }));
    expect(answered({ 'x-request-id': 'f47ac10b-58cc-4372-a567-0e02b2c3d479' })).toMatchObject({ requestId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' });
    expect(answered(new AxiosHeaders({ 'X-Request-Id': 'lb-7f3a9c21' }))).toMatchObject({ requestId: 'lb-7f3a9c21' });
    for (const unsafe of ['short', '<script>alert(1)</script>', 'x'.repeat(65)]) expect(answered({ 'x-request-id': unsafe })).not.toHaveProperty('requestId');
    expect(answered({})).not.toHaveProperty('requestId');
  });

  it('tells a timeout from a call that got no answer', () => {
    expect(outcomeOfError(new AxiosError('timeout of 1200000ms exceeded', 'ECONNABORTED', config, {}))).toEqual({ kind: 'timeout' });
    expect(outcomeOfError(new AxiosError('Network Error', 'ERR_NETWORK', config, {}))).toEqual({ kind: 'no-response' });
  });

  it('recognises a cancelled call', () => {
    expect(outcomeOfError(new CanceledError())).toEqual({ kind: 'cancelled' });
  });
});
