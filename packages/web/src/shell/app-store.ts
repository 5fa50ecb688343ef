import Cookies from 'js-cookie';
import { create } from 'zustand';

/** Spec §4: the sidebar is open or closed, persisted in a cookie as 1 or 0. */
export const sidebarCookieName = 'sidebarStatus';

export interface AppState {
  sidebarOpened: boolean;
  toggleSidebar: () => void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: Cookies.get(sidebarCookieName) !== '0',
  toggleSidebar: () => {
    const sidebarOpened = !get().sidebarOpened;
    Cookies.set(sidebarCookieName, sidebarOpened ? '1' : '0', { path: '/', sameSite: 'lax' });
    set({ sidebarOpened });
  },
}));
