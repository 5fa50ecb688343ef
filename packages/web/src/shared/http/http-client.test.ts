import type { ModalFuncProps } from 'antd';
import { AxiosError } from 'axios';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../test/fake-api';
import { setFeedback } from '../feedback/feedback-holder';
import { ApiError } from './api-error';
import { http, requestData, requestTimeoutMs } from './http-client';
import { setHttpEffectHandlers } from './http-effects';
import { setToken } from './token-cookie';

const confirm = vi.fn<(props: ModalFuncProps) => void>();
const notifyError = vi.fn();
const navigate = vi.fn();
const signInAgain = vi.fn();

beforeEach(() => {
  confirm.mockReset();
  notifyError.mockReset();
  navigate.mockReset();
  signInAgain.mockReset();
  setFeedback({
    confirm,
    notification: { error: notifyError } as unknown as NotificationInstance,
    message: {} as MessageInstance,
  });
  setHttpEffectHandlers({ navigate, signInAgain });
});

const failWith = (status: number, code: number, msg: string) => installFakeApi({ 'GET /api/x': { status, body: { code, msg, data: null } } });

describe('http client', () => {
  it('waits 1,200,000 ms and sends the SMART-TOKEN cookie as the Authorization header', async () => {
    expect(http.defaults.timeout).toBe(requestTimeoutMs);
    expect(requestTimeoutMs).toBe(1_200_000);
    setToken('tok-9', false);
    const calls = installFakeApi({ 'GET /api/x': ok({ n: 1 }) });
    await expect(requestData({ url: '/api/x' })).resolves.toEqual({ n: 1 });
    expect(calls[0]?.headers.Authorization).toBe('tok-9');
  });

  it('asks once to sign in again when parallel calls meet an expired token, and 重新登录 signs in again', async () => {
    failWith(401, 600, '登录已过期');
    const results = await Promise.allSettled([requestData({ url: '/api/x' }), requestData({ url: '/api/x' })]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(confirm).toHaveBeenCalledTimes(1);
    const props = confirm.mock.calls[0]![0];
    expect(props).toMatchObject({ title: '系统提示', content: '登录状态已过期，请重新登录', okText: '重新登录', cancelText: '取消' });
    props.onOk?.();
    expect(signInAgain).toHaveBeenCalledTimes(1);
    props.afterClose?.();
    await requestData({ url: '/api/x' }).catch(() => undefined);
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mock.calls[1]![0].afterClose?.();
  });

  it('goes to /401 on 403 and shows 服务错误 with the message for 500, rejecting with an ApiError', async () => {
    failWith(403, 403, '没有权限');
    await expect(requestData({ url: '/api/x' })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/401');

    failWith(500, 500, '服务器开小差了');
    const error = await requestData({ url: '/api/x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, code: 500, message: '服务器开小差了' });
    expect(notifyError).toHaveBeenCalledWith({ key: '服务错误|服务器开小差了', title: '服务错误', description: '服务器开小差了', duration: 5 });
  });

  it('ends 服务错误 with the 请求编号 the server answered with, and keeps it on the ApiError', async () => {
    http.defaults.adapter = async (config) => {
      const response = {
        data: { code: 500, msg: '服务器内部错误，请稍后再试', data: null },
        status: 500,
        statusText: '',
        headers: { 'x-request-id': 'f47ac10b-58cc-4372-a567-0e02b2c3d479' },
        config,
      };
      throw new AxiosError('Request failed with status code 500', 'ERR_BAD_RESPONSE', config, null, response);
    };
    const error = await requestData({ url: '/api/x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, requestId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' });
    expect(notifyError).toHaveBeenCalledWith({
      key: '服务错误|服务器内部错误，请稍后再试',
      title: '服务错误',
      description: '服务器内部错误，请稍后再试。请求编号：f47ac10b-58cc-4372-a567-0e02b2c3d479',
      duration: 5,
    });
  });

  it('leaves a silent call to its caller', async () => {
    failWith(400, 400, '账号或密码错误');
    const error = await requestData({ url: '/api/x', silent: true }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: '账号或密码错误' });
    expect(notifyError).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });
});
