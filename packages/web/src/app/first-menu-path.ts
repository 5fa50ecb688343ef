import { menuType, type MenuItem } from '@parking/contract';

export const fallbackLandingPath = '/OrderManagement/ParkingRecordOrder';
export const menuSearchDepth = 3;

export const menuPath = (urlAddress: string): string => `/${urlAddress.trim().replace(/^\/+/, '')}`;

/** The first type-2 entry with an address, depth first, down to three levels. */
export function firstMenuPath(menuList: readonly MenuItem[]): string {
  const search = (items: readonly MenuItem[], depth: number): string | null => {
    for (const item of items) {
      if (item.type === menuType.page && item.urlAddress.trim() !== '') return menuPath(item.urlAddress);
      if (depth < menuSearchDepth && item.children.length > 0) {
        const found = search(item.children, depth + 1);
        if (found) return found;
      }
    }
    return null;
  };
  return search(menuList, 1) ?? fallbackLandingPath;
}
