import type { Device, DeviceParkingType } from '@parking/contract';
import { App, Form, Modal } from 'antd';
import { DeviceFormInputs } from '../device-form';
import { deviceFormBody, deviceToFormValues, type DeviceFormValues } from '../device-form-values';
import { useDeviceSave } from '../devices-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

interface DeviceFormModalProps {
  parkingType: DeviceParkingType;
  /** undefined creates a device */
  device: Device | undefined;
  onClose: () => void;
  /** a new device's secret, which the server gives only now */
  onCreated: (sn: string, secret: string) => void;
}

/** 新增设备 / 编辑设备; unlike the generic form, creating hands back the secret to show. */
export function DeviceFormModal({ parkingType, device, onClose, onCreated }: DeviceFormModalProps) {
  const [form] = Form.useForm<DeviceFormValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const save = useDeviceSave();
  const title = `${device ? '编辑' : '新增'}${parkingType === 0 ? '路内' : '路外'}设备`;

  const submit = async () => {
    const values = await form.validateFields();
    const saved = await save.mutateAsync({ id: device?.id, body: deviceFormBody(values) });
    message.success(device ? '修改成功' : '新增成功');
    onClose();
    if ('secret' in saved) onCreated(saved.sn, saved.secret);
  };

  return (
    <Modal
      open
      title={title}
      okText="保存"
      cancelText="取消"
      width={760}
      confirmLoading={save.isPending}
      onOk={() => {
        // validation errors show on the fields; call errors were reported by the HTTP layer
        submit().catch(() => undefined);
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={deviceToFormValues(device)}>
        <DeviceFormInputs parkingType={parkingType} />
      </Form>
    </Modal>
  );
}
