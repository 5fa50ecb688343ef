import type { SystemUser } from '@parking/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { setUserStatus, userResourceKey } from '../system-api';

export const disableConfirmText = '停用后该用户的登录会立即结束，且不能再登录。';

/** 停用 an enabled user or 启用 a disabled one, after a confirmation that says what disabling does. */
export function UserStatusButton({ user }: { user: SystemUser }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const enabling = user.status !== 1;
  const verb = enabling ? '启用' : '停用';

  const confirm = () =>
    modal.confirm({
      title: `确定${verb}用户「${user.realName}」吗？`,
      content: enabling ? '启用后该用户可以重新登录。' : disableConfirmText,
      okText: verb,
      cancelText: '取消',
      okButtonProps: { danger: !enabling },
      onOk: async () => {
        try {
          await setUserStatus(user.id, enabling ? 1 : 0);
        } catch {
          // the HTTP layer showed the server's refusal (the last administrator, oneself)
          return;
        }
        message.success(enabling ? '已启用' : '已停用');
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all(userResourceKey) });
      },
    });

  return (
    <Button type="link" size="small" danger={!enabling} onClick={confirm}>
      {verb}
    </Button>
  );
}
