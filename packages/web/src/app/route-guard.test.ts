import { describe, expect, it } from 'vitest';
import { decideAccess, isPublicPath, redirectAfterSignIn } from './route-guard';

const signedOut = { hasToken: false, hasRoles: false };
const signedInNoUser = { hasToken: true, hasRoles: false };
const signedIn = { hasToken: true, hasRoles: true };

describe('decideAccess', () => {
  it('sends a signed-in user away from /login to /', () => {
    expect(decideAccess({ pathname: '/login', search: '?redirect=%2Fx', ...signedIn })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess({ pathname: '/login', search: '', ...signedInNoUser })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets a signed-out user see /login', () => {
    expect(decideAccess({ pathname: '/login', search: '', ...signedOut })).toEqual({ kind: 'allow' });
  });

  it('sends a signed-out user to /login with the wanted path and query', () => {
    expect(decideAccess({ pathname: '/parkingAdmin/parkingList', search: '?id=7&account=mw', ...signedOut })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2FparkingAdmin%2FparkingList%3Fid%3D7%26account%3Dmw',
    });
    expect(decideAccess({ pathname: '/', search: '', ...signedOut })).toEqual({ kind: 'redirect', to: '/login?redirect=%2F' });
    expect(decideAccess({ pathname: '/dataView', search: '', ...signedOut }).kind).toBe('redirect');
    expect(decideAccess({ pathname: '/404', search: '', ...signedOut }).kind).toBe('redirect');
  });

  it.each(['/scanQRcode', '/orderInfoByQRcode', '/activity', '/pdaScanQrcode', '/scanGroupCardQrcode', '/groupCardInfo', '/scanSpeialBillQrcode', '/speialBillInfo'])(
    'opens %s without sign-in',
    (pathname) => {
      expect(decideAccess({ pathname, search: '?orderNo=1', ...signedOut })).toEqual({ kind: 'allow' });
    },
  );

  it('lets a signed-out phone open the pages printed QR codes lead to, and nothing else under /m', () => {
    for (const path of ['/m/exit', '/m/enter', '/m/scan']) {
      expect(decideAccess({ pathname: path, search: '?t=abc', hasToken: false, hasRoles: false })).toEqual({ kind: 'allow' });
    }
    expect(isPublicPath('/m/other')).toBe(false);
  });

  it('matches public paths as the router does: case-insensitive, trailing slash ignored', () => {
    expect(isPublicPath('/SCANQRCODE/')).toBe(true);
    expect(isPublicPath('/scanQRcode/extra')).toBe(false);
  });

  it('asks for user info when a token has no roles yet, then allows', () => {
    expect(decideAccess({ pathname: '/system/user', search: '', ...signedInNoUser })).toEqual({ kind: 'load-user' });
    expect(decideAccess({ pathname: '/system/user', search: '', ...signedIn })).toEqual({ kind: 'allow' });
  });
});

describe('redirectAfterSignIn', () => {
  it('returns an in-app path with its query', () => {
    expect(redirectAfterSignIn('/parkingAdmin/parkingList?id=7')).toBe('/parkingAdmin/parkingList?id=7');
  });

  it.each([null, '', 'https://evil.example/x', '//evil.example/x', 'parkingAdmin', '/login', '/login?redirect=%2Fx'])('goes to / for %j', (redirect) => {
    expect(redirectAfterSignIn(redirect)).toBe('/');
  });
});
