import { customerVehicleEndpoints, maxVehiclesPerCustomer, type VehicleBindInput } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { contractProblems, showFieldProblems } from '../../../shared/forms/show-field-problems';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { contractPlateColourOptions, PlateColourField, PlateField, plateText } from '../../../shared/resource/fields/plate-field';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { bindVehicle, customerResourceKey, vehicleResourceKey } from '../customers-api';
import { CustomerSelect } from './customer-select';

interface VehicleBindValues {
  customerId?: string;
  plateNumber: string;
  plateColour: number;
}

/** 绑定车辆: staff bind a plate to an owner found by phone; it starts 未认证. */
export function VehicleBindDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<VehicleBindValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const bind = useMutation({
    mutationFn: bindVehicle,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: resourceKeys.all(vehicleResourceKey) }), queryClient.invalidateQueries({ queryKey: resourceKeys.all(customerResourceKey) })]),
  });

  const submit = async () => {
    const values = await form.validateFields();
    const body: VehicleBindInput = { customerId: values.customerId ?? '', plateNumber: plateText(values.plateNumber), plateColour: values.plateColour };
    const refused = contractProblems(customerVehicleEndpoints.bind.body, body, 'body');
    if (refused.length > 0) {
      showFieldProblems(form, refused);
      return;
    }
    let msg: string;
    try {
      msg = await bind.mutateAsync(body);
    } catch (error) {
      // the server's refusals (five vehicles already, a plate another owner has certified) go under their inputs
      showFieldProblems(form, fieldProblemsOf(error));
      return;
    }
    message.success(msg || '绑定成功');
    onClose();
  };

  return (
    <Modal open title="绑定车辆" okText="绑定" cancelText="取消" confirmLoading={bind.isPending} onOk={() => submit().catch(() => undefined)} onCancel={close} destroyOnHidden>
      <Form<VehicleBindValues> form={form} layout="vertical" initialValues={{ plateNumber: '', plateColour: 0 }}>
        <Form.Item label="车主" name="customerId" rules={[{ required: true, message: '请选择车主' }]} extra={`每位车主最多绑定${maxVehiclesPerCustomer}辆车`}>
          <CustomerSelect />
        </Form.Item>
        <PlateField required="请输入车牌号" />
        <PlateColourField required="请选择车牌颜色" options={contractPlateColourOptions} />
      </Form>
    </Modal>
  );
}
