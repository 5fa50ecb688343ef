import { UploadOutlined } from '@ant-design/icons';
import { maskMobile, vehicleAuthPhotoMessages, vehicleAuthPhotoRules, vehicleBindingStateNames, type VehicleAuthSubmitQuery } from '@parking/contract';
import { App, Button, Form, Modal, Radio, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { contractPlateColourOptions, PlateColourField, PlateField, plateText } from '../../../shared/resource/fields/plate-field';
import { useSubmitVehicleAuth, useVehicleAuthOwnerOptions, useVehicleAuthVehicleOptions } from '../vehicle-auth-api';

interface SubmitValues {
  kind: 'verify' | 'claim';
  vehicleId?: string;
  customerId?: string;
  plateNumber: string;
  plateColour: number;
  photo?: UploadFile[];
}

/** The server's rules for the photo, checked before a byte is sent; the server judges the bytes again. */
export const vehicleAuthPhotoProblem = (file: Pick<File, 'type' | 'size'>): string | undefined => {
  if (!(vehicleAuthPhotoRules.types as readonly string[]).includes(file.type)) return vehicleAuthPhotoMessages.wrongType;
  if (file.size > vehicleAuthPhotoRules.maxBytes) return vehicleAuthPhotoMessages.tooLarge;
  if (file.size === 0) return vehicleAuthPhotoMessages.empty;
  return undefined;
};

function VehiclePicker({ value, onChange, id }: { value?: string; onChange?: (value: string | undefined) => void; id?: string }) {
  const [plate, setPlate] = useState('');
  const vehicles = useVehicleAuthVehicleOptions(plate.trim().toUpperCase().slice(0, 16));
  const options = vehicles.data?.map((v) => ({ value: v.id, label: `${v.plateNumber}（车主 ${maskMobile(v.customerPhone)}，${vehicleBindingStateNames[v.state]}）` }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={vehicles.isFetching}
      placeholder="输入车牌号查找已绑定的车辆"
      notFoundContent={vehicles.isFetching ? '查找中…' : '没有该车牌的已绑定车辆，请先在「车辆」中绑定'}
      showSearch={{ filterOption: false, onSearch: setPlate }}
      allowClear
    />
  );
}

function OwnerPicker({ value, onChange, id }: { value?: string; onChange?: (value: string | undefined) => void; id?: string }) {
  const [phone, setPhone] = useState('');
  const owners = useVehicleAuthOwnerOptions(phone.replace(/\D/g, '').slice(0, 11));
  const options = owners.data?.map((o) => ({ value: o.id, label: o.nickname ? `${o.phone}（${o.nickname}）` : o.phone }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={owners.isFetching}
      placeholder="输入手机号查找申诉车主"
      notFoundContent={owners.isFetching ? '查找中…' : '没有该手机号的车主'}
      showSearch={{ filterOption: false, onSearch: setPhone }}
      allowClear
    />
  );
}

/**
 * 后台录入: staff enter an owner's 行驶证 for them, as 认证 of a bound vehicle or as 过户申诉 of a plate
 * another owner holds. The request then waits for review like one the owner sent.
 */
export function VehicleAuthSubmitDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<SubmitValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const submitAuth = useSubmitVehicleAuth();
  const kind = Form.useWatch('kind', form) ?? 'verify';

  const submit = async () => {
    const values = await form.validateFields();
    const photo = values.photo?.[0]?.originFileObj;
    if (!photo) return;
    const query: VehicleAuthSubmitQuery =
      values.kind === 'verify'
        ? { kind: 'verify', vehicleId: values.vehicleId ?? '' }
        : { kind: 'claim', customerId: values.customerId ?? '', plateNumber: plateText(values.plateNumber), plateColour: values.plateColour };
    let answer: { msg: string };
    try {
      answer = await submitAuth.mutateAsync({ query, photo });
    } catch {
      // the HTTP layer shows the server's msg (a plate another owner holds, a photo that is not an image…)
      return;
    }
    message.success(answer.msg || '提交成功');
    onClose();
  };

  return (
    <Modal
      open
      title="后台录入认证申请"
      okText="提交"
      cancelText="取消"
      confirmLoading={submitAuth.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      <Form<SubmitValues> form={form} layout="vertical" initialValues={{ kind: 'verify', plateNumber: '', plateColour: 0 }}>
        <Form.Item label="申请类型" name="kind">
          <Radio.Group
            options={[
              { value: 'verify', label: '车辆认证' },
              { value: 'claim', label: '过户申诉' },
            ]}
          />
        </Form.Item>
        {kind === 'verify' ? (
          <Form.Item label="车辆" name="vehicleId" rules={[{ required: true, message: '请选择要认证的车辆' }]} extra="未认证或认证失败的车辆可提交认证">
            <VehiclePicker />
          </Form.Item>
        ) : (
          <>
            <Form.Item label="申诉车主" name="customerId" rules={[{ required: true, message: '请选择车主' }]}>
              <OwnerPicker />
            </Form.Item>
            <PlateField required="请输入车牌号" extra="已被其他车主认证的车牌" />
            <PlateColourField required="请选择车牌颜色" options={contractPlateColourOptions} />
          </>
        )}
        <Form.Item
          label="行驶证照片"
          name="photo"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[{ required: true, message: vehicleAuthPhotoMessages.empty }]}
          extra={vehicleAuthPhotoMessages.hint}
        >
          <Upload
            accept={vehicleAuthPhotoRules.types.join(',')}
            maxCount={1}
            beforeUpload={(file) => {
              const problem = vehicleAuthPhotoProblem(file);
              if (problem) {
                void message.error(problem);
                return Upload.LIST_IGNORE;
              }
              // kept until 提交: the file goes with the request
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>选择照片</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
