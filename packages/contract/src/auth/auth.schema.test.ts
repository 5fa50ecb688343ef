import { describe, expect, it } from 'vitest';
import { plateColourName } from '../system/dictionary.schema.js';
import { accountCode, loginInput } from './auth.schema.js';

const md5 = '0192023a7bbd73250516f069df18b500';

describe('loginInput', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['on', true],
    ['false', false],
    ['0', false],
    [undefined, false],
  ])('reads rememberMe %s as %s', (rememberMe, expected) => {
    expect(loginInput.parse({ account: 'admin', password: md5, rememberMe }).rememberMe).toBe(expected);
  });

  it('trims the account and refuses an empty one', () => {
    expect(loginInput.parse({ account: '  admin ', password: md5 }).account).toBe('admin');
    expect(loginInput.safeParse({ account: '   ', password: md5 }).error?.issues[0]?.message).toBe('请输入账号');
  });

  it('takes only a lower-case MD5 hex as the password, never the typed text', () => {
    expect(loginInput.safeParse({ account: 'a', password: 'admin123' }).success).toBe(false);
    expect(loginInput.safeParse({ account: 'a', password: md5.toUpperCase() }).success).toBe(false);
    expect(loginInput.safeParse({ account: 'a', password: md5 }).success).toBe(true);
  });
});

describe('accountCode', () => {
  it('accepts tenant codes and refuses anything that could escape a cookie or a path', () => {
    expect(accountCode.safeParse('mw').success).toBe(true);
    expect(accountCode.safeParse('demo_2-b').success).toBe(true);
    for (const bad of ['', 'a b', 'a;b', '../x', 'x'.repeat(33)]) expect(accountCode.safeParse(bad).success).toBe(false);
  });
});

describe('plateColourName', () => {
  it.each([
    [1, '白色'],
    [2, '黄色'],
    [3, '绿色'],
    [4, '黑色'],
    [0, '蓝色'],
    [9, '蓝色'],
    ['3', '绿色'],
    [null, '蓝色'],
  ])('%s is %s', (code, name) => {
    expect(plateColourName(code)).toBe(name);
  });
});
