import Cookies from 'js-cookie';
import { create } from 'zustand';
import { readSizeCookie, sizeCookieName, type UiSize } from './size-options';

/** The sidebar is open or closed, persisted in a cookie as 1 or 0. */
export const sidebarCookieName = 'sidebarStatus';
/** Under 992 px the device is mobile. */
export const mobileBreakpoint = 992;

export type Device = 'desktop' | 'mobile';

export const deviceForWidth = (width: number): Device => (width < mobileBreakpoint ? 'mobile' : 'desktop');

const cookieAttributes = { path: '/', sameSite: 'lax', expires: 365 } as const;

export interface AppState {
  sidebarOpened: boolean;
  device: Device;
  size: UiSize;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
  setSize: (size: UiSize) => void;
}

const persistSidebar = (opened: boolean) => Cookies.set(sidebarCookieName, opened ? '1' : '0', cookieAttributes);

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: Cookies.get(sidebarCookieName) !== '0',
  device: typeof window === 'undefined' ? 'desktop' : deviceForWidth(window.innerWidth),
  size: readSizeCookie(Cookies.get(sizeCookieName)),
  toggleSidebar: () => {
    const sidebarOpened = !get().sidebarOpened;
    persistSidebar(sidebarOpened);
    set({ sidebarOpened });
  },
  closeSidebar: () => {
    if (!get().sidebarOpened) return;
    persistSidebar(false);
    set({ sidebarOpened: false });
  },
  setDevice: (device) => {
    if (device !== get().device) set({ device });
  },
  setSize: (size) => {
    Cookies.set(sizeCookieName, size, cookieAttributes);
    set({ size });
  },
}));
