import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { receiveGatewayNotice } from './driver-record.service.js';
import type { PaymentGateway } from './gateway/payment-gateway.js';

// the notice's time is refused before anything is read: no database is reached
const db = {} as Db;
const gateway: PaymentGateway = {
  provider: 'sandbox',
  create: () => Promise.reject(new Error('unused')),
  query: () => Promise.resolve(undefined),
  verifyNotice: () => true,
  bill: () => Promise.resolve(undefined),
};
const now = new Date('2025-03-03T08:00:00+08:00');
const notice = (at: string) => JSON.stringify({ gatewayOrderNo: 'SB1', tradeNo: 'T-SB1', amount: 100, state: 'paid', at });

describe('a payment notice dated far away', () => {
  it('is refused (400) with a Chinese message naming 通知时间, before it is applied', async () => {
    await expect(receiveGatewayNotice(db, gateway, notice('0001-01-01T00:00:00+08:00'), 'sig', '127.0.0.1', now)).rejects.toMatchObject({
      statusCode: 400,
      message: '通知时间（0001-01-01）不能早于2000-01-01',
    });
    await expect(receiveGatewayNotice(db, gateway, notice('2999-01-01T00:00:00+08:00'), 'sig', '127.0.0.1', now)).rejects.toMatchObject({
      statusCode: 400,
      message: '通知时间（2999-01-01）不能晚于2099-12-31',
    });
    // inside the window but past the server's clock by more than a clock may run ahead
    await expect(receiveGatewayNotice(db, gateway, notice('2025-03-03T08:10:01+08:00'), 'sig', '127.0.0.1', now)).rejects.toMatchObject({
      statusCode: 400,
      message: '通知时间不能晚于当前时间10分钟以上',
    });
    await expect(receiveGatewayNotice(db, gateway, notice('yesterday'), 'sig', '127.0.0.1', now)).rejects.toMatchObject({ statusCode: 400, message: '通知内容不完整' });
  });
});
