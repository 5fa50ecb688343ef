import { Result } from 'antd';

/** What a phone shows for a code that cannot be used: the server's words, which name nothing of the record. */
export function DriverError({ message }: { message: string }) {
  const expired = message.includes('过期');
  return <Result status={expired ? 'warning' : 'error'} title={expired ? '二维码已过期' : '无法打开订单'} subTitle={message || '二维码无效，请重新扫码'} />;
}
