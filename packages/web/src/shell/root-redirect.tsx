import { Navigate } from 'react-router';
import { firstMenuPath } from '../app/first-menu-path';
import { useSessionStore } from '../shared/session/session-store';

/** `/` lands on the first page the user may use. */
export function RootRedirect() {
  const menuList = useSessionStore((state) => state.menuList);
  return <Navigate to={firstMenuPath(menuList)} replace />;
}
