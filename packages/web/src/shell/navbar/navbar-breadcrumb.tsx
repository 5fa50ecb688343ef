import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link, useMatches } from 'react-router';
import { titledMatches } from '../../app/route-handle';
import { useSessionStore } from '../../shared/session/session-store';
import { menuPages } from '../menu/menu-pages';
import { useTagsStore } from '../tags-view/tags-store';
import { breadcrumbTrail } from './breadcrumb-trail';

/** Matched route titles (folder › page); a detail page stands under its list, which is a link; the last item is never a link. */
export function NavbarBreadcrumb() {
  const menuList = useSessionStore((state) => state.menuList);
  const pages = useMemo(() => menuPages(menuList), [menuList]);
  const visitedViews = useTagsStore((state) => state.visitedViews);
  const listAddress = (path: string) => visitedViews.find((view) => view.path === path)?.fullPath ?? path;
  const items = breadcrumbTrail(titledMatches(useMatches()), pages, listAddress).map((crumb) => ({
    key: crumb.key,
    title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title,
  }));
  return <Breadcrumb className="app-navbar__breadcrumb" items={items} />;
}
