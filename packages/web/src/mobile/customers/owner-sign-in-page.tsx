import { mobileMessage, mobilePattern, ownerPagePaths, phoneChangeRequestPagePath, type OwnerSmsCodeResult } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ownerApi, ownerToken } from '../../modules/customers';
import { useCountdown } from './owner-layout';
import '../mobile.css';
import './owner.css';

/** Where the code went in a demo with no SMS gateway, and the code itself where the server shows it. */
function DemoNotice({ sent }: { sent: OwnerSmsCodeResult }) {
  if (!sent.demoHint && !sent.demoCode) return null;
  return (
    <Alert
      className="owner-demo"
      type="warning"
      showIcon
      title={sent.demoHint ?? '演示环境'}
      description={sent.demoCode ? <span data-testid="owner-demo-code">演示验证码：{sent.demoCode}</span> : '请向管理员查看服务器日志中的验证码'}
    />
  );
}

/**
 * 车主登录 (/owner/login): phone, 获取验证码 with a countdown, the code. The first sign-in of a phone
 * registers the owner; a disabled owner is told so.
 */
export function OwnerSignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState('');
  const [left, setLeft] = useCountdown();
  const send = useMutation({ mutationFn: ownerApi.smsCode, onSuccess: (sent) => setLeft(sent.resendIn) });
  const signIn = useMutation({
    mutationFn: () => ownerApi.signIn(phone.trim(), code.trim()),
    onSuccess: ({ token }) => {
      ownerToken.set(token);
      // what the last session was refused (已退出, 过期) must not send the new one back here
      queryClient.removeQueries({ queryKey: ['owner'] });
      navigate(ownerPagePaths.vehicles, { replace: true });
    },
  });
  if (ownerToken.get() && !notice) return <Navigate to={ownerPagePaths.vehicles} replace />;

  const askCode = () => {
    setInvalid('');
    if (!mobilePattern.test(phone.trim())) return setInvalid(mobileMessage);
    send.mutate(phone.trim());
  };
  const submit = () => {
    setInvalid('');
    if (!mobilePattern.test(phone.trim())) return setInvalid(mobileMessage);
    if (!/^\d{6}$/.test(code.trim())) return setInvalid('请输入6位数字验证码');
    signIn.mutate();
  };
  const error = invalid || send.error?.message || signIn.error?.message || (signIn.isIdle && send.isIdle ? notice : '');

  return (
    <main className="mobile-page">
      <header className="mobile-page__header">车主登录</header>
      <div className="owner-page">
        <section className="owner-card">
          <div className="owner-card__title">手机号登录</div>
          <Input size="large" inputMode="numeric" maxLength={11} placeholder="请输入手机号" aria-label="手机号" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} />
          <div className="owner-code-row" style={{ marginTop: 12 }}>
            <Input size="large" inputMode="numeric" maxLength={6} placeholder="请输入验证码" aria-label="验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            <Button size="large" disabled={left > 0} loading={send.isPending} onClick={askCode}>
              {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
            </Button>
          </div>
          {send.data && (
            <div className="owner-hint">
              验证码已发送至 {send.data.sentTo}，{Math.round(send.data.expiresIn / 60)}分钟内有效
            </div>
          )}
          {send.data && <DemoNotice sent={send.data} />}
          {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
          <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={signIn.isPending} onClick={submit}>
            登录
          </Button>
          <div className="owner-hint">未注册的手机号验证后将自动注册为车主</div>
          <div className="owner-hint">
            原手机号已停用？<Link to={phoneChangeRequestPagePath}>申请人工变更</Link>
          </div>
        </section>
      </div>
    </main>
  );
}
