import { describe, expect, it } from 'vitest';
import { checkEmail, checkMobile, checkNewPassword, checkPasswordConfirmation, checkRoleList, checkUrl } from './rules.js';

describe('new password', () => {
  it.each([
    ['', '请输入新密码'],
    [undefined, '请输入新密码'],
    ['abc12', '密码应当至少6位且含有数字、字母'],
    ['abcdef', '密码应当至少6位且含有数字、字母'],
    ['123456', '密码应当至少6位且含有数字、字母'],
    ['abc 123', '密码应当至少6位且含有数字、字母'],
    ['abc123', undefined],
    ['A1b2c3d4!', undefined],
  ])('%j → %s', (value, message) => {
    expect(checkNewPassword(value)).toBe(message);
  });

  it('requires the confirmation and that it equals the password', () => {
    expect(checkPasswordConfirmation('abc123', '')).toBe('请再次输入新密码');
    expect(checkPasswordConfirmation('abc123', 'abc124')).toBe('两次输入的密码不一致');
    expect(checkPasswordConfirmation('abc123', 'abc123')).toBeUndefined();
  });
});

describe('mobile number', () => {
  it.each([
    ['', undefined],
    [null, undefined],
    ['13812345678', undefined],
    ['14712345678', undefined],
    ['15012345678', undefined],
    ['17712345678', undefined],
    ['18612345678', undefined],
    ['16612345678', '请输入正确的电话号码'],
    ['19912345678', '请输入正确的电话号码'],
    ['1381234567', '请输入正确的电话号码'],
    ['138123456789', '请输入正确的电话号码'],
    ['23812345678', '请输入正确的电话号码'],
  ])('%j → %s', (value, message) => {
    expect(checkMobile(value)).toBe(message);
  });
});

describe('email and URL', () => {
  it('accepts standard addresses and refuses broken ones', () => {
    expect(checkEmail('li.ming+ops@park-city.com.cn')).toBeUndefined();
    expect(checkEmail('')).toBeUndefined();
    for (const bad of ['li', 'li@', '@x.com', 'li@x', 'li @x.com']) expect(checkEmail(bad)).toBe('请输入正确的邮箱地址');
  });

  it('accepts http, https, mailto and tel links only', () => {
    for (const good of ['http://a.cn', 'https://a.cn/x?y=1', 'mailto:a@b.cn', 'tel:13812345678', 'HTTPS://A.CN']) {
      expect(checkUrl(good)).toBeUndefined();
    }
    for (const bad of ['ftp://a.cn', 'javascript:alert(1)', 'a.cn', 'https://']) expect(checkUrl(bad)).toBeDefined();
  });
});

describe('role list', () => {
  it('requires a non-empty list of names', () => {
    expect(checkRoleList(['admin'])).toEqual(['admin']);
    expect(() => checkRoleList([])).toThrow('需要角色列表');
    expect(() => checkRoleList(undefined)).toThrow('需要角色列表');
    expect(() => checkRoleList([''])).toThrow('需要角色列表');
  });
});
