import { maskMobile, type Customer } from '@parking/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { customerResourceKey, setCustomerEnabled } from '../customers-api';

/** 停用 an enabled owner or 启用 a disabled one, after a confirmation naming the owner by the masked phone. */
export function CustomerStateButton({ owner }: { owner: Customer }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const enabling = !owner.enabled;
  const verb = enabling ? '启用' : '停用';

  const confirm = () =>
    modal.confirm({
      title: `确定${verb}车主「${maskMobile(owner.phone)}」吗？`,
      okText: verb,
      cancelText: '取消',
      okButtonProps: { danger: !enabling },
      onOk: async () => {
        try {
          await setCustomerEnabled(owner.id, enabling);
        } catch {
          // the HTTP layer showed the server's refusal
          return;
        }
        message.success(enabling ? '已启用' : '已停用');
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all(customerResourceKey) });
      },
    });

  return (
    <Button type="link" size="small" danger={!enabling} onClick={confirm}>
      {verb}
    </Button>
  );
}
