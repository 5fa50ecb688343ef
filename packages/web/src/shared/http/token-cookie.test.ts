import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, removeToken, setToken, tokenCookieAttributes, tokenCookieName } from './token-cookie';

describe('token cookie', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is named SMART-TOKEN and round-trips', () => {
    expect(tokenCookieName).toBe('SMART-TOKEN');
    expect(getToken()).toBeNull();
    setToken('abc.def', false);
    expect(document.cookie).toContain('SMART-TOKEN=abc.def');
    expect(getToken()).toBe('abc.def');
    removeToken();
    expect(getToken()).toBeNull();
  });

  it('lasts one day with remember-me and is a session cookie without it', () => {
    expect(tokenCookieAttributes(true).expires).toBe(1);
    expect(tokenCookieAttributes(false)).not.toHaveProperty('expires');

    const set = vi.spyOn(Cookies, 'set');
    setToken('t1', true);
    setToken('t2', false);
    expect(set.mock.calls[0]?.[2]).toMatchObject({ expires: 1, path: '/' });
    expect(set.mock.calls[1]?.[2]).toEqual({ path: '/', sameSite: 'lax' });
  });
});
