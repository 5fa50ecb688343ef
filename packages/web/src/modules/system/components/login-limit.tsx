import type { LoginLimit, SystemUserRow } from '@parking/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag, Tooltip } from 'antd';
import { formatDateTime } from '../../../shared/resource/value-format';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { formatBusiness } from '../../../shared/time/business-time';
import { releaseLoginLimit, userResourceKey } from '../system-api';

/** A wait lasts minutes at most: month, day and time say when it lifts in a narrow column. */
const liftsAt = (iso: string) => formatBusiness(iso, 'MM-DD HH:mm:ss');

/** Why the tag is there: how many failures, from where and when the last one came. */
const limitDetail = (limit: LoginLimit) => `${limit.failures}次失败的登录尝试，最近一次来自 IP ${limit.lastFailureIp || '未知'} 于 ${formatDateTime(limit.lastFailureAt)}`;

/** 已限制登录 while some address must wait (with when the wait lifts), 需验证码 while only the captcha is asked. */
export function LoginLimitTag({ limit }: { limit: LoginLimit | null }) {
  if (!limit) return null;
  return (
    <Tooltip title={limitDetail(limit)}>
      {limit.limitedUntil ? (
        <span className="user-login-limit">
          <Tag color="error">已限制登录</Tag>
          <span className="user-login-limit__until">{`至 ${liftsAt(limit.limitedUntil)}`}</span>
        </span>
      ) : (
        <Tag color="warning">需验证码</Tag>
      )}
    </Tooltip>
  );
}

/** 解除限制: the user's failed sign-ins stop counting, after a confirmation that says so. */
export function ReleaseLoginLimitButton({ user }: { user: SystemUserRow }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  if (!user.loginLimit) return null;

  const confirm = () =>
    modal.confirm({
      title: `确定解除用户「${user.realName}」的登录限制吗？`,
      content: '解除后此前失败的登录不再计入，该用户可立即登录，无需验证码。',
      okText: '解除限制',
      cancelText: '取消',
      onOk: async () => {
        try {
          await releaseLoginLimit(user.id);
        } catch {
          // the HTTP layer showed the server's refusal
          return;
        }
        message.success('已解除限制');
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all(userResourceKey) });
      },
    });

  return (
    <Button type="link" size="small" onClick={confirm}>
      解除限制
    </Button>
  );
}
