import { merchantPagePaths } from '@parking/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { merchantApi, merchantOpenKey, merchantToken, needsMerchantSignIn, scannedStaySearch } from './merchant-api';
import '../mobile.css';
import './merchant.css';

/** Where a refused merchant goes: 商户登录, told why (停用, 过期, 已退出). */
export const useMerchantSignInAgain = (error: unknown) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  const refused = needsMerchantSignIn(error);
  useEffect(() => {
    if (!refused) return;
    merchantToken.clear();
    navigate(`${merchantPagePaths.signIn}${scannedStaySearch(search)}`, { replace: true, state: { notice: error instanceof Error ? error.message : '' } });
  }, [refused, error, navigate, search]);
  return refused;
};

/** A phone page's load: the spinner, the refusal in Chinese, or the page. */
export function MerchantLoad({ pending, error, children }: { pending: boolean; error: Error | null; children: () => ReactNode }) {
  const signingIn = useMerchantSignInAgain(error);
  if (pending || signingIn) return <Spin size="large" className="scan-landing__spin" />;
  if (error) return <Result status="error" title="加载失败" subTitle={error.message} />;
  return <>{children()}</>;
}

const sections = [
  { path: merchantPagePaths.home, label: '发券' },
  { path: merchantPagePaths.report, label: '报表' },
] as const;

/** The merchant's page: the title with 退出登录, its two sections, then the page; signed out, 商户登录. */
export function MerchantLayout({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  // a code scanned while signed out is scanned again once signed in
  if (!merchantToken.get()) return <Navigate to={`${merchantPagePaths.signIn}${scannedStaySearch(search)}`} replace />;
  const signOut = async () => {
    await merchantApi.signOut().catch(() => undefined);
    merchantToken.clear();
    queryClient.removeQueries({ queryKey: [merchantOpenKey] });
    navigate(merchantPagePaths.signIn, { replace: true });
  };
  return (
    <main className="mobile-page">
      <header className="mobile-page__header merchant-header">
        {title}
        <button type="button" className="merchant-header__out" onClick={() => void signOut()}>
          退出登录
        </button>
      </header>
      <nav className="merchant-nav" aria-label="商户页面">
        {sections.map((section) => (
          <Link key={section.path} to={section.path} replace className={`merchant-nav__item${section.path === pathname ? ' merchant-nav__item--on' : ''}`}>
            {section.label}
          </Link>
        ))}
      </nav>
      <div className="merchant-page">{children}</div>
    </main>
  );
}
