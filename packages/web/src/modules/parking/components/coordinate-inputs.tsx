import { EnvironmentOutlined } from '@ant-design/icons';
import { latitudeField, longitudeField } from '@parking/contract';
import { Button, Col, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { getRuntimeConfig } from '../../../shared/runtime-config';
import { schemaRule } from '../../../shared/resource/schema-check';
import { MapPickerDialog, type PickedPlace } from './map-picker-dialog';

const mapButtonSpan = 4;

/**
 * 经度 and 纬度 side by side, checked against the contract's ranges (no clamping: the user sees why).
 * With an AMap key in /config.json a 地图选点 button sits beside them; without one there is no map at all.
 */
export function CoordinateInputs({ span = 12 }: { span?: number }) {
  const { amapKey } = getRuntimeConfig();
  const inputSpan = amapKey === '' ? span : span - mapButtonSpan / 2;
  return (
    <>
      <Col span={inputSpan}>
        <Form.Item label="经度" name="lng" rules={[schemaRule(longitudeField)]}>
          <InputNumber<number> placeholder="如 114.057868" step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={inputSpan}>
        <Form.Item label="纬度" name="lat" rules={[schemaRule(latitudeField)]}>
          <InputNumber<number> placeholder="如 22.543099" step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {amapKey !== '' && (
        <Col span={mapButtonSpan}>
          <Form.Item label=" " colon={false}>
            <MapPickerButton />
          </Form.Item>
        </Col>
      )}
    </>
  );
}

/** Opens the picker at the form's coordinates; 确定 writes 地址, 经度 and 纬度 back into the form. */
function MapPickerButton() {
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const { amapKey, amapSecurityCode } = getRuntimeConfig();
  const lng: unknown = form.getFieldValue('lng');
  const lat: unknown = form.getFieldValue('lat');
  const initial = open && typeof lng === 'number' && typeof lat === 'number' ? ([lng, lat] as [number, number]) : undefined;

  const pick = (place: PickedPlace) => {
    form.setFieldsValue({ lng: place.lng, lat: place.lat, ...(place.address === '' ? {} : { address: place.address }) });
    void form.validateFields(['lng', 'lat']);
    setOpen(false);
  };

  return (
    <>
      <Button icon={<EnvironmentOutlined />} block onClick={() => setOpen(true)}>
        地图选点
      </Button>
      {open && <MapPickerDialog keys={{ key: amapKey, securityCode: amapSecurityCode }} initial={initial} onCancel={() => setOpen(false)} onPick={pick} />}
    </>
  );
}
