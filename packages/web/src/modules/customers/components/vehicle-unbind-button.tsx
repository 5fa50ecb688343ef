import type { CustomerVehicle } from '@parking/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { customerResourceKey, unbindVehicle, vehicleResourceKey } from '../customers-api';

/** 解绑 a vehicle after confirming; it stays listed as 已解绑, so an unbound one has no button. */
export function VehicleUnbindButton({ vehicle }: { vehicle: CustomerVehicle }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  if (vehicle.state === 'unbound') return null;

  const confirm = () =>
    modal.confirm({
      title: `确定解绑车辆「${vehicle.plateNumber}」吗？`,
      content: '解绑后该车辆保留在车主的车辆记录中，状态为已解绑。',
      okText: '解绑',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        let msg: string;
        try {
          msg = await unbindVehicle(vehicle.id);
        } catch {
          // the HTTP layer showed the server's refusal (already unbound elsewhere)
          return;
        }
        message.success(msg || '解绑成功');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: resourceKeys.all(vehicleResourceKey) }),
          queryClient.invalidateQueries({ queryKey: resourceKeys.all(customerResourceKey) }),
        ]);
      },
    });

  return (
    <Button type="link" size="small" danger onClick={confirm}>
      解绑
    </Button>
  );
}
