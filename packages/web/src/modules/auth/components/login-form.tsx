import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { CaptchaResult } from '@parking/contract';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { redirectAfterSignIn } from '../../../shared/navigation/sign-in-paths';
import { ApiError } from '../../../shared/http/api-error';
import { readAccount } from '../../../shared/tenant/account-cookie';
import { fetchCaptcha, signIn } from '../auth-api';
import { readRememberedSignIn, rememberSignIn } from '../remembered-sign-in';
import { useSessionStore } from '../../../shared/session/session-store';
import { CaptchaField } from './captcha-field';

interface LoginValues {
  account: string;
  password: string;
  rememberMe: boolean;
  code?: string;
}

const captchaRequired = (error: unknown): boolean =>
  error instanceof ApiError && typeof error.data === 'object' && error.data !== null && (error.data as { captchaRequired?: unknown }).captchaRequired === true;

export function LoginForm() {
  const [form] = Form.useForm<LoginValues>();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signedIn = useSessionStore((state) => state.signedIn);
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [captchaVisible, setCaptchaVisible] = useState(false);
  const [captchaLoading, setCaptchaLoading] = useState(false);

  const refreshCaptcha = async () => {
    setCaptchaVisible(true);
    setCaptchaLoading(true);
    form.setFieldValue('code', '');
    try {
      setCaptcha(await fetchCaptcha(readAccount()));
    } catch (error) {
      notification.error({ title: '验证码获取失败', description: error instanceof Error ? error.message : undefined });
    } finally {
      setCaptchaLoading(false);
    }
  };

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const result = await signIn({
        account: values.account,
        password: values.password,
        rememberMe: values.rememberMe,
        tenant: readAccount(),
        ...(captchaVisible && captcha ? { captcha: { key: captcha.key, answer: values.code ?? '' } } : {}),
      });
      rememberSignIn(values.account.trim(), values.rememberMe);
      signedIn(result.token, values.rememberMe);
      // the server tells of failed sign-ins once; it stays until read, clear of the navbar
      if (result.notice) notification.warning({ title: '登录提醒', description: result.notice, duration: 0, placement: 'bottomRight' });
      navigate(redirectAfterSignIn(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      notification.error({ title: '登录失败', description: error instanceof Error ? error.message : undefined });
      if (captchaRequired(error)) await refreshCaptcha();
      setSubmitting(false);
    }
  };

  const remembered = readRememberedSignIn();

  return (
    <Form<LoginValues> form={form} className="login-form" size="large" initialValues={{ account: remembered.account, password: '', rememberMe: remembered.rememberMe }} onFinish={onFinish}>
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
        <Input prefix={<UserOutlined />} placeholder="账号" aria-label="账号" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" aria-label="密码" autoComplete="current-password" />
      </Form.Item>
      {captchaVisible && <CaptchaField captcha={captcha} loading={captchaLoading} onRefresh={() => void refreshCaptcha()} />}
      <Form.Item name="rememberMe" valuePropName="checked" className="login-form__remember">
        <Checkbox>记住我</Checkbox>
      </Form.Item>
      <Form.Item className="login-form__submit">
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
