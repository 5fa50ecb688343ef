import { Link } from 'react-router';
import { defaultSiteTitle } from '../../app/route-handle';
import { useBranding } from '../../shared/tenant/branding-api';

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { data: branding } = useBranding();
  const title = branding?.title ?? defaultSiteTitle;
  return (
    <Link to="/" className="app-sidebar__logo" title={title}>
      {branding?.logo ? <img src={branding.logo} alt="" className="app-sidebar__logo-image" /> : <span className="app-sidebar__logo-mark">P</span>}
      {!collapsed && <h1 className="app-sidebar__title">{title}</h1>}
    </Link>
  );
}
