/** the list page's address (menu OrderManagement/ParkingRecordOrder) */
export const parkingRecordListPath = '/OrderManagement/ParkingRecordOrder';

/** 详情 of a record; restBack carries where 返回 leads, the page it was opened from. */
export const parkingRecordDetailPath = (id: string, restBack: string) => `/OrderManagement/parkingRecordOrderInfo/${encodeURIComponent(id)}?restBack=${encodeURIComponent(restBack)}`;

/** Where 返回 goes: only an in-app path ('/…', not '//host' or a scheme), else the list. */
export function safeRestBack(restBack: string | null | undefined): string {
  if (!restBack || !restBack.startsWith('/') || restBack.startsWith('//') || restBack.startsWith('/\\')) return parkingRecordListPath;
  return restBack;
}

/** the permission that opens 停车记录 and its 详情: the server refuses the detail's data to anyone without it */
export const parkingRecordPermission = 'ParkingRecordOrder';
