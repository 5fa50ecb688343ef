import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** Whether the person has asked their system for less motion; the console then opens dialogs and menus without animating. */
export const useReducedMotion = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
