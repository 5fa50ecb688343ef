import { describe, expect, it } from 'vitest';
import { signRecordToken, signScanToken, verifyRecordToken, verifyScanToken } from './scan-token.js';

const secret = 'a-test-secret';
const ids = { record: '7f3c3e4e-8f39-4a39-9d0c-1f0c6f3e2a11', tenant: '0b7a1b54-1c3e-4c88-9a0b-2f4b8b6c9d22', lane: '5d0e9c1f-7a2b-4d3c-8e4f-6a7b8c9d0e33' };
const now = new Date('2026-03-03T08:00:00Z');

describe('order tokens', () => {
  it('carry record, tenant and lane until they expire', () => {
    const token = signRecordToken(secret, { id: ids.record, tenant: ids.tenant, lane: ids.lane }, now, 30 * 60_000);
    expect(verifyRecordToken(secret, token, new Date(now.getTime() + 29 * 60_000))).toEqual({
      ok: true,
      payload: { k: 'order', id: ids.record, tenant: ids.tenant, lane: ids.lane, exp: now.getTime() / 1000 + 1800 },
    });
    expect(verifyRecordToken(secret, token, new Date(now.getTime() + 30 * 60_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another secret, an altered payload or signature, and a scan token', () => {
    const token = signRecordToken(secret, { id: ids.record, tenant: ids.tenant, lane: null }, now, 60_000);
    const [body, mac] = token.split('.') as [string, string];
    const longer = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), exp: 9_999_999_999 })).toString('base64url');
    for (const forged of [
      signRecordToken('other', { id: ids.record, tenant: ids.tenant, lane: null }, now, 60_000),
      `${longer}.${mac}`,
      `${body}.${mac.slice(0, -1)}A`,
      `${body}.${mac}.x`,
      '',
    ]) {
      expect(verifyRecordToken(secret, forged, now)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(verifyRecordToken(secret, signScanToken(secret, { k: 'lane', id: ids.lane, tenant: ids.tenant }), now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('are not scan tokens either', () => {
    expect(verifyScanToken(secret, signRecordToken(secret, { id: ids.record, tenant: ids.tenant, lane: null }, now, 60_000))).toBeUndefined();
    expect(verifyScanToken(secret, signScanToken(secret, { k: 'space', id: ids.record, tenant: ids.tenant }))).toEqual({ k: 'space', id: ids.record, tenant: ids.tenant });
  });
});
