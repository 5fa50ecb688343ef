import { CloseOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type WheelEvent } from 'react';
import { useNavigate } from 'react-router';
import { TagContextMenu, type TagMenuAction, type TagMenuPosition } from './tag-context-menu';
import type { TagView } from './tags-rules';
import { useTagsStore } from './tags-store';
import { useTagActions } from './use-tag-actions';
import './tags-view.css';

/** The bar of visited pages under the navbar. */
export function TagsView() {
  const visitedViews = useTagsStore((state) => state.visitedViews);
  const actions = useTagActions();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<TagMenuPosition | null>(null);
  const dismiss = useCallback(() => setMenu(null), []);
  const scroller = useRef<HTMLDivElement>(null);

  const activePath = visitedViews.find(actions.isActive)?.path;
  useEffect(() => {
    scroller.current?.querySelector('.tags-view__item--active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath]);

  const openMenu = (event: MouseEvent, view: TagView) => {
    event.preventDefault();
    // the menu opens only when more than one tab is open.
    if (useTagsStore.getState().visitedViews.length <= 1) return;
    setMenu({ view, left: event.clientX, top: event.clientY });
  };

  const run = (action: TagMenuAction, view: TagView) => {
    if (action === 'refresh') actions.refresh(view);
    else if (action === 'close') actions.close(view);
    else if (action === 'closeOthers') actions.closeOthers(view);
    else actions.closeAll();
  };

  const scrollSideways = (event: WheelEvent<HTMLDivElement>) => {
    if (scroller.current && event.deltaY !== 0) scroller.current.scrollLeft += event.deltaY;
  };

  return (
    <nav className="tags-view" aria-label="已打开的页面">
      <div className="tags-view__scroller" ref={scroller} onWheel={scrollSideways}>
        {visitedViews.map((view) => {
          const active = actions.isActive(view);
          return (
            <span
              key={view.path}
              role="link"
              tabIndex={0}
              aria-current={active ? 'page' : undefined}
              data-path={view.path}
              className={`tags-view__item${active ? ' tags-view__item--active' : ''}`}
              onClick={() => navigate(view.fullPath)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') navigate(view.fullPath);
              }}
              onMouseDown={(event) => {
                if (event.button === 1) event.preventDefault(); // no autoscroll cursor
              }}
              onAuxClick={(event) => {
                if (event.button !== 1) return;
                event.preventDefault();
                actions.close(view);
              }}
              onContextMenu={(event) => openMenu(event, view)}
            >
              {view.meta.title}
              {!view.meta.affix && (
                <CloseOutlined
                  className="tags-view__close"
                  aria-label={`关闭${view.meta.title}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    actions.close(view);
                  }}
                />
              )}
            </span>
          );
        })}
      </div>
      {menu && <TagContextMenu menu={menu} onAction={run} onDismiss={dismiss} />}
    </nav>
  );
}
