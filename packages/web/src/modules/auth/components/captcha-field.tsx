import { SafetyOutlined } from '@ant-design/icons';
import type { CaptchaResult } from '@parking/contract';
import { Form, Input, Spin } from 'antd';

interface CaptchaFieldProps {
  captcha: CaptchaResult | null;
  loading: boolean;
  onRefresh: () => void;
}

/** Shown once the server asks for a captcha; clicking the picture fetches a new one. */
export function CaptchaField({ captcha, loading, onRefresh }: CaptchaFieldProps) {
  return (
    <div className="login-captcha">
      <Form.Item name="code" className="login-captcha__input" rules={[{ required: true, message: '请输入验证码' }]}>
        <Input size="large" prefix={<SafetyOutlined />} placeholder="验证码" aria-label="验证码" autoComplete="off" maxLength={8} />
      </Form.Item>
      <button type="button" className="login-captcha__image" onClick={onRefresh} aria-label="刷新验证码" title="看不清？点击刷新">
        {loading || !captcha ? <Spin size="small" /> : <img src={captcha.image} alt="验证码图片" />}
      </button>
    </div>
  );
}
