import { ownerPagePaths } from '@parking/contract';
import { Result, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { needsOwnerSignIn, ownerApi, ownerToken } from '../../modules/customers';
import { ownerAppealsPagePath, ownerComplaintsPagePath } from '../service/owner-service-links';
import '../mobile.css';
import './owner.css';

const tabs: readonly { to: string; label: string; alsoAt?: string }[] = [
  { to: ownerPagePaths.vehicles, label: '我的车辆' },
  { to: ownerPagePaths.stays, label: '我的停车' },
  { to: ownerPagePaths.arrears, label: '欠费' },
  // 我的申诉 is under 我的投诉's tab (a switch atop both): a fifth tab would crowd a 375 px phone
  { to: ownerComplaintsPagePath, label: '我的投诉', alsoAt: ownerAppealsPagePath },
];

/** Counts the seconds down to 0, once a second, from each new start (获取验证码's wait). */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
};

/** Where a refused owner goes: 车主登录, told why (停用, 过期, 已退出). */
export const useSignInAgain = (error: unknown) => {
  const navigate = useNavigate();
  const refused = needsOwnerSignIn(error);
  useEffect(() => {
    if (!refused) return;
    ownerToken.clear();
    navigate(ownerPagePaths.signIn, { replace: true, state: { notice: error instanceof Error ? error.message : '' } });
  }, [refused, error, navigate]);
  return refused;
};

/** A phone page's load: the spinner, the refusal in Chinese, or the page. */
export function OwnerLoad({ pending, error, children }: { pending: boolean; error: Error | null; children: () => ReactNode }) {
  const signingIn = useSignInAgain(error);
  if (pending || signingIn) return <Spin size="large" className="scan-landing__spin" />;
  if (error) return <Result status="error" title="加载失败" subTitle={error.message} />;
  return <>{children()}</>;
}

/** The owner's pages: the title with 退出, the page, and the tabs at the bottom; signed out, 车主登录. */
export function OwnerLayout({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!ownerToken.get()) return <Navigate to={ownerPagePaths.signIn} replace />;
  const signOut = async () => {
    await ownerApi.signOut().catch(() => undefined);
    ownerToken.clear();
    navigate(ownerPagePaths.signIn, { replace: true });
  };
  return (
    <main className="mobile-page">
      <header className="mobile-page__header owner-header">
        {title}
        <button type="button" className="owner-header__out" onClick={() => void signOut()}>
          退出
        </button>
      </header>
      <div className="owner-page">{children}</div>
      <nav className="owner-tabs">
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} replace className={({ isActive }) => (isActive || pathname === tab.alsoAt ? 'active' : undefined)}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </main>
  );
}
