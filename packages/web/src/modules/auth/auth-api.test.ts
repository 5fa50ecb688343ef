import { describe, expect, it } from 'vitest';
import { signInFields } from './auth-api';

describe('signInFields', () => {
  it('sends the MD5 of the typed password, never the password itself', () => {
    const fields = signInFields({ account: ' admin ', password: 'admin123', rememberMe: true, tenant: 'demo' });
    expect(fields).toEqual({ account: 'admin', password: '0192023a7bbd73250516f069df18b500', rememberMe: 'true', tenant: 'demo' });
  });

  it('adds the captcha answer as code and its key as timestamp', () => {
    const fields = signInFields({ account: 'a', password: 'p', rememberMe: false, tenant: 'mw', captcha: { key: 'k-1', answer: ' 7x2q ' } });
    expect(fields).toMatchObject({ rememberMe: 'false', code: '7x2q', timestamp: 'k-1' });
  });
});
