import { parkingLotInput, parkingLotKindNames, parkingLotKinds, type ParkingLot } from '@parking/contract';
import { App, Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Space, Switch } from 'antd';
import { ApiError } from '../../shared/http/api-error';
import { RegionCascader } from '../../shared/region/region-cascader';
import { useAddressRegion } from '../../shared/region/use-address-region';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { CoordinateInputs } from './components/coordinate-inputs';
import { AreaSelect, LotTypeSelect, TariffSelect, UserMultiSelect } from './components/parking-selects';
import { EnabledField } from '../../shared/resource/fields/enabled-field';

const fields = parkingLotInput.shape;
const kindOptions = parkingLotKinds.map((kind) => ({ value: kind, label: parkingLotKindNames[kind] }));

/** The inputs of 新增停车场 and 编辑停车场, in three groups: what it is, where it is, its spaces. */
export function LotFormInputs(_props: { record: ParkingLot | undefined }) {
  return (
    <Row gutter={16}>
      <TextField span={12} name="name" label="停车场名称" schema={fields.name} required="请输入停车场名称" />
      <Col span={12}>
        <Form.Item label="片区" name="areaId">
          <AreaSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="停车场类型" name="type" rules={[{ required: true, message: '请选择停车场类型' }]}>
          <LotTypeSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="模式" name="kind" rules={[{ required: true, message: '请选择模式' }]} extra="车道型有道闸和出入车道；泊位型按泊位计数">
          <Radio.Group options={kindOptions} optionType="button" buttonStyle="solid" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Divider titlePlacement="start" plain>
          位置
        </Divider>
      </Col>
      <AddressWithRegion />
      <CoordinateInputs span={12} />
      <Col span={24}>
        <Divider titlePlacement="start" plain>
          车位
        </Divider>
      </Col>
      <SpaceCount name="totalSpaces" label="总车位数" />
      <SpaceCount name="longRentalSpaces" label="长租车位数" />
      <SpaceCount name="reservedSpaces" label="预留车位数" />
      <SpaceCount name="chargingSpaces" label="充电车位数" />
      <Col span={24}>
        <Divider titlePlacement="start" plain>
          运营
        </Divider>
      </Col>
      <Col span={12}>
        <Form.Item label="计费规则" name="tariffId">
          <TariffSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="管理员" name="managerIds">
          <UserMultiSelect placeholder="请选择管理员" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="是否自营" name="selfOperated" valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="是否预付" name="prepay" valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </Col>
      <EnabledField span={8} />
    </Row>
  );
}

type SpaceField = 'totalSpaces' | 'longRentalSpaces' | 'reservedSpaces' | 'chargingSpaces';

function SpaceCount({ name, label }: { name: SpaceField; label: string }) {
  return (
    <Col span={6}>
      <Form.Item label={label} name={name} rules={[{ required: true, message: `请输入${label}` }, schemaRule(fields[name])]}>
        <InputNumber<number> style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
}

/** 地址 with 识别省市区: the server reads the divisions out of the address and fills the cascader. */
function AddressWithRegion() {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const { regionOfAddress, resolving } = useAddressRegion();

  const recognise = async () => {
    const address = String(form.getFieldValue('address') ?? '').trim();
    if (address === '') {
      message.warning('请先输入地址');
      return;
    }
    try {
      form.setFieldValue('region', await regionOfAddress(address));
      message.success('已识别省市区');
    } catch (error) {
      // ApiErrors were already reported by the HTTP layer with the server's msg
      if (!(error instanceof ApiError)) message.error('识别省市区失败');
    }
  };

  return (
    <>
      <Col span={24}>
        <Form.Item label="地址" required={false}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="address" noStyle rules={[schemaRule(fields.address)]}>
              <Input allowClear placeholder="如 广东省深圳市南山区科技园南区" count={{ show: true, max: 200 }} aria-label="地址" />
            </Form.Item>
            <Button loading={resolving} onClick={() => void recognise()}>
              识别省市区
            </Button>
          </Space.Compact>
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="省市区" name="region">
          <RegionCascader />
        </Form.Item>
      </Col>
    </>
  );
}
