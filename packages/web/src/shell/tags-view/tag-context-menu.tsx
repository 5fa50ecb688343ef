import { useEffect, useRef } from 'react';
import type { TagView } from './tags-rules';

export type TagMenuAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export interface TagMenuPosition {
  view: TagView;
  left: number;
  top: number;
}

/** The tab context menu is 105 px wide. */
export const tagMenuWidth = 105;

const entries: readonly { action: TagMenuAction; label: string }[] = [
  { action: 'refresh', label: '刷新' },
  { action: 'close', label: '关闭' },
  { action: 'closeOthers', label: '关闭其他' },
  { action: 'closeAll', label: '关闭全部' },
];

export function TagContextMenu({ menu, onAction, onDismiss }: { menu: TagMenuPosition; onAction: (action: TagMenuAction, view: TagView) => void; onDismiss: () => void }) {
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const dismissOutside = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) onDismiss();
    };
    const dismissOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('mousedown', dismissOutside);
    document.addEventListener('keydown', dismissOnEscape);
    window.addEventListener('scroll', onDismiss, { passive: true });
    return () => {
      document.removeEventListener('mousedown', dismissOutside);
      document.removeEventListener('keydown', dismissOnEscape);
      window.removeEventListener('scroll', onDismiss);
    };
  }, [onDismiss]);

  // Keep the menu on screen when the tab sits at the right edge.
  const left = Math.max(0, Math.min(menu.left, window.innerWidth - tagMenuWidth - 4));
  return (
    <ul ref={ref} className="tags-view__menu" role="menu" style={{ left, top: menu.top, width: tagMenuWidth }}>
      {entries
        .filter((entry) => entry.action !== 'close' || !menu.view.meta.affix)
        .map((entry) => (
          <li
            key={entry.action}
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              onDismiss();
              onAction(entry.action, menu.view);
            }}
          >
            {entry.label}
          </li>
        ))}
    </ul>
  );
}
