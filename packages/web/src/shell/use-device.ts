import { useEffect } from 'react';
import { deviceForWidth, useAppStore } from './app-store';

/** Follows the window width: under 992 px the device is mobile and the sidebar closes. */
export function useDevice(): void {
  useEffect(() => {
    const sync = () => {
      const device = deviceForWidth(window.innerWidth);
      const store = useAppStore.getState();
      store.setDevice(device);
      if (device === 'mobile') store.closeSidebar();
    };
    sync();
    window.addEventListener('resize', sync);
    return () => window.removeEventListener('resize', sync);
  }, []);
}
