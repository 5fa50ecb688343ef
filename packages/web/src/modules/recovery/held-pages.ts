import type { MenuItem } from '@parking/contract';
import { useSessionStore } from '../../shared/session/session-store';

/** Whether the menu tree holds a page by its enCode, at any depth. */
export const holdsPage = (menuList: readonly MenuItem[], enCode: string): boolean => menuList.some((item) => item.enCode === enCode || holdsPage(item.children ?? [], enCode));

/** 收款 goes through the payments API, which wants the 支付记录 page: without it the action is not offered. */
export const useMayCollect = () => useSessionStore((state) => holdsPage(state.menuList, 'paymentRecord'));
