import type { SystemMessage } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { batchNoOf, deletedAfterOpening, deviceTaskTarget, messageTarget } from './message-target';

const message = (messageType: number, businessId = 'b-1', messageText = ''): Pick<SystemMessage, 'messageType' | 'businessId' | 'messageText'> => ({
  messageType,
  businessId,
  messageText,
});

describe('batchNoOf', () => {
  it('takes the text inside Chinese quotes', () => {
    expect(batchNoOf('对账批次“20261119-01”存在 3 笔差错，请核对')).toBe('20261119-01');
  });

  it('takes the text inside ASCII quotes', () => {
    expect(batchNoOf('对账批次"B-7"存在差错')).toBe('B-7');
    expect(batchNoOf('对账批次「20260305-01」存在 1 笔差错，请核对')).toBe('20260305-01');
  });

  it('is empty when nothing is quoted', () => {
    expect(batchNoOf('对账差错')).toBe('');
  });
});

describe('messageTarget: where a message of the dialog leads', () => {
  it.each([
    [1, '/OrderManagement/OrderWarning?id=b-1&type=1'],
    [8, '/OrderManagement/OrderWarning?id=b-1&type=2'],
    [2, '/customer/CarAuthenticationAudit?id=b-1'],
    [3, '/customer/carPhoneAudit?id=b-1'],
    [4, '/OrderManagement/parkingOrderEditAudit?id=b-1'],
    [5, '/ParkingOperations/customerComplain?id=b-1'],
    [9, '/FinancialManagement/invoiceRecord'],
  ])('type %i opens %s', (type, target) => {
    expect(messageTarget(message(type), '/parkingAdmin/parkingList')).toBe(target);
  });

  it('keeps an empty business id as an empty query value', () => {
    expect(messageTarget(message(1, ''), '/')).toBe('/OrderManagement/OrderWarning?id=&type=1');
  });

  it('type 7 opens the order detail with the way back', () => {
    expect(messageTarget(message(7, 'order-9'), '/parkingAdmin/parkingList')).toBe('/OrderManagement/parkingRecordOrderInfo/order-9?restBack=%2FparkingAdmin%2FparkingList');
  });

  it('type 10 opens the reconciliation mistakes of the quoted batch', () => {
    expect(messageTarget(message(10, '', '对账批次“20261119-01”存在 3 笔差错，请核对'), '/')).toBe('/FinancialManagement/accountCheckMistake?batchNo=20261119-01');
  });

  it('has no target for an unknown type', () => {
    expect(messageTarget(message(11), '/')).toBeNull();
  });

  it('opens 设备离线任务 at the device of a device-offline message', () => {
    expect(messageTarget({ messageType: 6, businessId: 'GM-0001', messageText: '' }, '/')).toBe('/SysOperations/deviceOffline?deviceNo=GM-0001');
  });

  it('deletes only type 10 after opening', () => {
    expect(deletedAfterOpening({ messageType: 10 })).toBe(true);
    expect(deletedAfterOpening({ messageType: 9 })).toBe(false);
  });
});

describe('deviceTaskTarget', () => {
  it('opens the on-road or off-road device list for the device', () => {
    expect(deviceTaskTarget({ deviceSn: 'GM-2026-0001' }, 0)).toBe('/SysOperations/inRoad?deviceNo=GM-2026-0001');
    expect(deviceTaskTarget({ deviceSn: 'CAM-2026-0102' }, 1)).toBe('/SysOperations/outRoad?deviceNo=CAM-2026-0102');
  });
});
