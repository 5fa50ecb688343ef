import { Result } from 'antd';
import { useLocation } from 'react-router';
import type { PublicRouteEntry } from './public-route-table';
import './mobile.css';

/** Honest stand-in for a driver page that is not built yet; sized for a phone. */
export function PublicPlaceholderPage({ entry }: { entry: PublicRouteEntry }) {
  const location = useLocation();
  return (
    <main className="mobile-page">
      <header className="mobile-page__header">{entry.title}</header>
      <Result status="info" title="建设中" subTitle={`「${entry.purpose}」页面建设中，敬请期待`} extra={<code className="mobile-page__path">{location.pathname}</code>} />
    </main>
  );
}
