/** the list page's address (menu jointRecovery/unpaidOrders) */
export const arrearsListPath = '/jointRecovery/unpaidOrders';

/** /jointRecovery/unpaidOrders/:id, the id being the plate; restBack carries where 返回 leads */
export const arrearsDetailPath = (plateNumber: string, restBack?: string) =>
  `${arrearsListPath}/${encodeURIComponent(plateNumber)}${restBack ? `?restBack=${encodeURIComponent(restBack)}` : ''}`;

/** Where 返回 goes: only an in-app path ('/…', not '//host' or a scheme), else the list. */
export function safeUnpaidRestBack(restBack: string | null | undefined): string {
  if (!restBack || !restBack.startsWith('/') || restBack.startsWith('//') || restBack.startsWith('/\\')) return arrearsListPath;
  return restBack;
}
