import { driverPayPaths, sandboxSignatureHeader } from '@parking/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { inProcessNoticeAddress } from './gateway/sandbox-gateway.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** a notice whose signature is wrong: refused, but counted like any call from its address */
const notice = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: driverPayPaths.sandboxNotify,
    remoteAddress,
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: '0'.repeat(64) },
    payload: JSON.stringify({ gatewayOrderNo: 'SB-LIMIT', tradeNo: 'T', amount: 100, state: 'paid', at: '2026-03-10T02:00:00.000Z' }),
  });

describe('the sandbox notify route’s limit per address', () => {
  it('refuses the 601st call of a minute from one address, and never the sandbox’s own notices handed over in-process', async () => {
    const statuses = async (address: string) => {
      const seen = new Set<number>();
      for (let i = 0; i < 601; i++) seen.add((await notice(address)).statusCode);
      return seen;
    };
    const fromOutside = await statuses('203.0.113.9');
    expect(fromOutside.has(429)).toBe(true);
    const inProcess = await statuses(inProcessNoticeAddress);
    expect(inProcess.has(429)).toBe(false);
    expect(inProcess.size).toBe(1);
  });
});
