import { merchantAccount, merchantPagePaths } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { merchantApi, merchantOpenKey, merchantToken, scannedStaySearch } from './merchant-api';
import '../mobile.css';
import './merchant.css';

/**
 * 商户登录 (/merchant/login): the account and password the operator gave the merchant. The tenant is
 * the one of the address or the cookie, as on every sign-in page; a wrong password, too many tries or
 * a 停用 merchant is told in the server's words.
 */
export function MerchantSignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  // back to the form with the code the merchant scanned before signing in
  const home = `${merchantPagePaths.home}${scannedStaySearch(location.search)}`;
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState('');
  const signIn = useMutation({
    mutationFn: () => merchantApi.signIn(account, password),
    onSuccess: ({ token }) => {
      merchantToken.set(token);
      // what the last session was refused (已退出, 过期) must not send the new one back here
      queryClient.removeQueries({ queryKey: [merchantOpenKey] });
      navigate(home, { replace: true });
    },
  });
  if (merchantToken.get() && !notice) return <Navigate to={home} replace />;

  const submit = () => {
    setInvalid('');
    if (!account.trim()) return setInvalid('请输入登录账号');
    const checked = merchantAccount.safeParse(account);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请输入登录账号');
    if (!password) return setInvalid('请输入密码');
    signIn.mutate();
  };
  const error = invalid || signIn.error?.message || (signIn.isIdle ? notice : '');

  return (
    <main className="mobile-page">
      <header className="mobile-page__header">商户登录</header>
      <div className="merchant-page">
        <section className="merchant-card">
          <div className="merchant-card__title">商户发券</div>
          <Input
            size="large"
            autoComplete="username"
            maxLength={32}
            placeholder="请输入登录账号"
            aria-label="账号"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            onPressEnter={submit}
          />
          <Input.Password
            size="large"
            autoComplete="current-password"
            maxLength={64}
            placeholder="请输入密码"
            aria-label="密码"
            style={{ marginTop: 12 }}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={submit}
          />
          {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
          <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={signIn.isPending} onClick={submit}>
            登录
          </Button>
          <div className="merchant-hint">账号由停车场运营方开通；忘记密码请联系运营方重置</div>
        </section>
      </div>
    </main>
  );
}
