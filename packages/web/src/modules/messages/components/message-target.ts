import type { DeviceOfflineTask, SystemMessage } from '@parking/contract';

/** The reconciliation batch number: the text between 「…」, “…” or "…" in the message. */
export function batchNoOf(messageText: string): string {
  const quoted = /「([^」]*)」|[“"]([^”"]*)[”"]/.exec(messageText);
  if (quoted?.[1] !== undefined) return quoted[1].trim();
  return quoted?.[2]?.trim() ?? '';
}

const withQuery = (path: string, query: Record<string, string>): string => `${path}?${new URLSearchParams(query).toString()}`;

/**
 * Where a message of the message dialog leads; null for a type with no page.
 * `currentPath` is where the user stands, for the record detail's way back.
 */
export function messageTarget(message: Pick<SystemMessage, 'messageType' | 'businessId' | 'messageText'>, currentPath: string): string | null {
  const id = message.businessId;
  switch (message.messageType) {
    case 1:
      return withQuery('/OrderManagement/OrderWarning', { id, type: '1' });
    case 8:
      return withQuery('/OrderManagement/OrderWarning', { id, type: '2' });
    case 2:
      return withQuery('/customer/CarAuthenticationAudit', { id });
    case 3:
      return withQuery('/customer/carPhoneAudit', { id });
    case 4:
      return withQuery('/OrderManagement/parkingOrderEditAudit', { id });
    case 5:
      return withQuery('/ParkingOperations/customerComplain', { id });
    case 7:
      return withQuery(`/OrderManagement/parkingRecordOrderInfo/${encodeURIComponent(id)}`, { restBack: currentPath });
    case 9:
      return '/FinancialManagement/invoiceRecord';
    case 10:
      return withQuery('/FinancialManagement/accountCheckMistake', { batchNo: batchNoOf(message.messageText) });
    case 6:
      // a device-offline message is about the device's sn
      return withQuery('/SysOperations/deviceOffline', { deviceNo: id });
    default:
      return null;
  }
}

/** A type-10 message is deleted once it was opened. */
export const deletedAfterOpening = (message: Pick<SystemMessage, 'messageType'>): boolean => message.messageType === 10;

/** An offline device task opens its device list, on-road (tab 3) or off-road (tab 4). */
export function deviceTaskTarget(task: Pick<DeviceOfflineTask, 'deviceSn'>, parkingType: 0 | 1): string {
  return withQuery(parkingType === 0 ? '/SysOperations/inRoad' : '/SysOperations/outRoad', { deviceNo: task.deviceSn });
}
