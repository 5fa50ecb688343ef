import { profileEndpoints, roleEndpoints, userEndpoints } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../test/fake-api';
import { ApiError } from './api-error';
import { call, callEnvelope, callEnvelopeLoose } from './call';

describe('call', () => {
  it('builds the URL from the params, sends the body and answers the data', async () => {
    const calls = installFakeApi({ 'PUT /api/system/Permission/Role/a%2Fb/Menus': ok({ id: 'a/b', menuIds: ['m1'] }) });
    const answer = await call(roleEndpoints.setMenus, { params: { id: 'a/b' }, body: { menuIds: ['m1'] } });
    expect(answer.menuIds).toEqual(['m1']);
    expect(calls[0]?.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ menuIds: ['m1'] });
  });

  it('sends the query as URL parameters', async () => {
    const calls = installFakeApi({ 'GET /api/system/Permission/Role/Selector': ok([]) });
    await expect(call(roleEndpoints.selector, { query: { keyword: '管理' } })).resolves.toEqual([]);
    expect(calls[0]?.params).toEqual({ keyword: '管理' });
  });

  it('answers the whole envelope when the msg is wanted', async () => {
    installFakeApi({ 'DELETE /api/system/Current/Sessions/7': { status: 200, body: { code: 200, msg: '已下线', data: { current: false } } } });
    await expect(callEnvelope(profileEndpoints.endSession, { params: { id: '7' } })).resolves.toEqual({ code: 200, msg: '已下线', data: { current: false } });
    await expect(callEnvelopeLoose(profileEndpoints.endSession, { params: { id: 7 } })).resolves.toMatchObject({ msg: '已下线' });
  });

  it('asks a file endpoint for a blob and answers the bytes as they came', async () => {
    const calls = installFakeApi({ 'GET /api/system/Permission/Users/Actions/Export': { status: 200, body: 'xlsx bytes' } });
    await expect(call(userEndpoints.export, { query: { keyword: 'a' } })).resolves.toBe('xlsx bytes');
    expect(calls).toHaveLength(1);
  });

  it('sends a form body url-encoded', async () => {
    const calls = installFakeApi({ 'PUT /api/system/Current/Profile': ok({}) });
    await call(profileEndpoints.update, { body: { realName: '张三' }, form: true, silent: true });
    expect(calls[0]?.data).toBe('realName=%E5%BC%A0%E4%B8%89');
    expect(calls[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('rejects with the catalogue error of a failure', async () => {
    installFakeApi({ 'GET /api/system/Current/Profile': { status: 400, body: { code: 400, msg: '请求有误', data: null } } });
    await expect(call(profileEndpoints.profile, { silent: true })).rejects.toBeInstanceOf(ApiError);
  });
});
