import { deviceInput, deviceNetworkTypes, deviceTypeNames, deviceTypes, heartbeatCycleMax, heartbeatCycleMin, type DeviceParkingType, type DeviceType } from '@parking/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { DeviceLotSelect } from './components/device-lot-select';
import { hasStreamUrl } from './device-form-values';
import { useLotBindings } from './devices-api';

const fields = deviceInput.shape;
const typeOptions = deviceTypes.map((type) => ({ value: type, label: deviceTypeNames[type] }));
const networkOptions = deviceNetworkTypes.map((network) => ({ value: network, label: network }));

/** The inputs of 新增设备 and 编辑设备: the lane and space offered are those of the chosen lot. */
export function DeviceFormInputs({ parkingType }: { parkingType: DeviceParkingType }) {
  const form = Form.useFormInstance();
  const lotId = Form.useWatch<string | null>('lotId', form);
  const type = Form.useWatch<DeviceType | undefined>('type', form);
  const bindings = useLotBindings(lotId);
  const laneOptions = (bindings.data?.lanes ?? []).map((lane) => ({ value: lane.id, label: lane.name }));
  const spaceOptions = (bindings.data?.spaces ?? []).map((space) => ({ value: space.id, label: space.number }));
  return (
    <Row gutter={16}>
      <TextField span={12} name="sn" label="设备编号" schema={fields.sn} required="请输入设备编号" placeholder="设备上的序列号，如 CAM-0001" />
      <TextField span={12} name="name" label="设备名称" schema={fields.name} required="请输入设备名称" />
      <Col span={12}>
        <Form.Item label="设备类型" name="type" rules={[{ required: true, message: '请选择设备类型' }]}>
          <Select options={typeOptions} placeholder="请选择设备类型" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="停车场" name="lotId" rules={[{ required: true, message: '请选择停车场' }]}>
          <DeviceLotSelect parkingType={parkingType} onChange={(next) => form.setFieldsValue({ lotId: next, laneId: null, spaceId: null })} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="车道" name="laneId" extra={lotId && laneOptions.length === 0 ? '该停车场没有车道' : undefined}>
          <Select allowClear options={laneOptions} disabled={!lotId} loading={bindings.isLoading} placeholder={lotId ? '不绑定车道' : '请先选择停车场'} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="泊位" name="spaceId" extra={lotId && spaceOptions.length === 0 ? '该停车场没有泊位' : undefined}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={spaceOptions}
            disabled={!lotId}
            loading={bindings.isLoading}
            placeholder={lotId ? '不绑定泊位' : '请先选择停车场'}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="心跳周期" name="heartbeatCycle" extra="超过 3 个周期没有心跳即视为离线" rules={[{ required: true, message: '请输入心跳周期' }, schemaRule(fields.heartbeatCycle)]}>
          <InputNumber<number> placeholder={`${heartbeatCycleMin}-${heartbeatCycleMax}`} suffix="秒" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="网络类型" name="networkType" rules={[{ required: true, message: '请选择网络类型' }]}>
          <Select options={networkOptions} placeholder="请选择网络类型" />
        </Form.Item>
      </Col>
      {hasStreamUrl(type) && (
        <TextField
          span={24}
          name="streamUrl"
          label="视频流地址"
          schema={fields.streamUrl}
          placeholder="https://…/live.m3u8 或 .flv"
          extra="视频监控播放的实时流（HLS 或 HTTP-FLV），留空则不能播放"
        />
      )}
      <Col span={24}>
        <Form.Item label="备注" name="remark" rules={[schemaRule(fields.remark)]}>
          <Input.TextArea rows={2} placeholder="请输入备注" count={{ show: true, max: 200 }} />
        </Form.Item>
      </Col>
      <EnabledField />
    </Row>
  );
}
