import { Breadcrumb } from 'antd';
import { useMatches } from 'react-router';
import { titledMatches } from '../../app/route-handle';

/** Matched route titles (folder › page); menu folders have no path, and the last item is never a link. */
export function NavbarBreadcrumb() {
  const titles = titledMatches(useMatches()).map((match) => ({ key: match.id, title: match.handle.title }));
  return <Breadcrumb className="app-navbar__breadcrumb" items={titles} />;
}
