import { useState } from 'react';
import { defaultSiteTitle } from '../../../shared/tenant/site-title';
import { forgetAccountInAddress, readAccount, switchAccount } from '../../../shared/tenant/account-cookie';
import { useBranding } from '../../../shared/tenant/branding-api';
import { LoginForm } from '../components/login-form';
import { LoginIllustration } from '../components/login-illustration';
import { TenantSwitch } from '../components/tenant-switch';
import './login-page.css';

export function LoginPage() {
  const [account, setAccount] = useState(readAccount);
  const { data: branding, error } = useBranding(account);
  const title = branding?.title || defaultSiteTitle;
  const filings = [branding?.icpNo, branding?.policeNo].filter((text): text is string => Boolean(text));

  return (
    <div className="login-page">
      <div className="login-page__backdrop" aria-hidden="true" />
      <main className="login-card">
        <section className="login-card__aside">
          <LoginIllustration />
          <p className="login-card__slogan">路内路外 · 一体化智慧停车运营</p>
          <p className="login-card__features">停车场管理 · 设备运维 · 订单追缴 · 财务对账</p>
        </section>
        <section className="login-card__main">
          <header className="login-card__brand">
            {branding?.logo && <img className="login-card__logo" src={branding.logo} alt={`${title}标志`} />}
            <h1 className="login-card__title">{title}</h1>
          </header>
          <h2 className="login-card__subtitle">账号登录</h2>
          <LoginForm />
          <TenantSwitch
            account={account}
            title={branding?.title}
            refusal={error?.message}
            onSwitch={(code) => {
              switchAccount(code);
              forgetAccountInAddress();
              setAccount(code);
            }}
          />
        </section>
      </main>
      <footer className="login-page__footer">
        {branding?.footerText && <span>{branding.footerText}</span>}
        {filings.map((text) => (
          <span key={text}>{text}</span>
        ))}
      </footer>
    </div>
  );
}
