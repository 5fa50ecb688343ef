import { describe, expect, it } from 'vitest';
import { accountFromLocation, readAccount, syncAccountFromLocation } from './account-cookie';

describe('tenant account cookie', () => {
  it('defaults to demo', () => {
    expect(readAccount()).toBe('demo');
  });

  it('reads ?account= from the query or from the hash query', () => {
    expect(accountFromLocation({ search: '?account=mw', hash: '' })).toBe('mw');
    expect(accountFromLocation({ search: '', hash: '#/login?redirect=%2F&account=mw' })).toBe('mw');
    expect(accountFromLocation({ search: '', hash: '#/login' })).toBeNull();
  });

  it("never takes a page's own filter for the tenant: only the login page's query names one", () => {
    expect(accountFromLocation({ search: '', hash: '#/permission/user?account=adm' })).toBeNull();
    expect(accountFromLocation({ search: '', hash: '#/system/operationLog?currentPage=1&account=adm' })).toBeNull();
    expect(accountFromLocation({ search: '', hash: '#/loginx?account=adm' })).toBeNull();
    expect(accountFromLocation({ search: '', hash: '#/login?account=mw' })).toBe('mw');
  });

  it('rejects a malformed code', () => {
    expect(accountFromLocation({ search: '?account=%3Cscript%3E', hash: '' })).toBeNull();
  });

  it('sets the cookie from the URL and keeps it afterwards', () => {
    expect(syncAccountFromLocation({ search: '', hash: '#/login?account=mw' })).toBe('mw');
    expect(document.cookie).toContain('account=mw');
    expect(syncAccountFromLocation({ search: '', hash: '#/login' })).toBe('mw');
    expect(readAccount()).toBe('mw');
  });

  it('keeps the tenant while a page searches by 账号', () => {
    syncAccountFromLocation({ search: '', hash: '#/login?account=mw' });
    expect(syncAccountFromLocation({ search: '', hash: '#/permission/user?account=adm' })).toBe('mw');
    expect(readAccount()).toBe('mw');
  });
});
