import type { SystemUser } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../shared/crypto/md5';
import { userCreateBody, userToFormValues, userUpdateBody } from './user-form-values';

const user: SystemUser = {
  id: 'u1',
  account: 'zhangsan',
  realName: '张三',
  mobile: '13800000000',
  email: '',
  status: 0,
  isAdministrator: false,
  organizationId: null,
  organizationName: '',
  positions: [
    { id: 'p2', name: '收费员' },
    { id: 'p1', name: '财务' },
  ],
  roles: [{ id: 'r1', name: '运营' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('user form values', () => {
  it('a new user starts enabled, with nothing picked', () => {
    expect(userToFormValues(undefined)).toEqual({ account: '', realName: '', positionIds: [], roleIds: [], enabled: true, isAdministrator: false });
  });

  it('editing keeps the positions in their order (the first is the main one) and reads status 0 as the switch off', () => {
    const values = userToFormValues(user);
    expect(values.positionIds).toEqual(['p2', 'p1']);
    expect(values.roleIds).toEqual(['r1']);
    expect(values.enabled).toBe(false);
    expect(values.organizationId).toBeUndefined();
  });

  it('the update body keeps the account, trims text, sends no organization as null and the order of positions as picked', () => {
    const values = { ...userToFormValues(user), realName: '  张三丰 ', positionIds: ['p1', 'p2'], enabled: true, email: undefined };
    expect(userUpdateBody({ ...values, account: 'renamed' }, user)).toEqual({
      account: 'zhangsan',
      realName: '张三丰',
      mobile: '13800000000',
      email: '',
      organizationId: null,
      positionIds: ['p1', 'p2'],
      roleIds: ['r1'],
      status: 1,
      isAdministrator: false,
    });
  });

  it('the create body carries the initial password as MD5 hex, never as typed', () => {
    const body = userCreateBody({
      ...userToFormValues(undefined),
      account: ' lisi ',
      realName: '李四',
      organizationId: 'o1',
      enabled: false,
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    expect(body).toMatchObject({ account: 'lisi', organizationId: 'o1', status: 0, password: md5Hex('abc123') });
    expect(body.password).toBe('e99a18c428cb38d5f260853678922e03');
    expect(JSON.stringify(body)).not.toContain('abc123"');
    expect(body).not.toHaveProperty('confirmPassword');
  });
});
