import { plateListInput, plateListTypeNames, plateListTypes, type PlateListEntry, type PlateListInput, type PlateListType } from '@parking/contract';
import { Col, DatePicker, Form, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { contractPlateColourOptions, PlateColourField, PlateField, plateText } from '../../../shared/resource/fields/plate-field';
import { useLotOptions } from '../../parking';

const fields = plateListInput.shape;

/** What the form holds: the scope and validity as choices, the chosen lots and range beside them. */
export interface PlateListFormValues {
  type: PlateListType;
  plateNumber: string;
  plateColour: number;
  scope: 'all' | 'lots';
  lotIds: string[];
  validity: 'forever' | 'range';
  range: [Dayjs, Dayjs] | null;
  reason: string;
}

export const plateListToFormValues = (entry: PlateListEntry | undefined): PlateListFormValues => ({
  type: entry?.type ?? 'black',
  plateNumber: entry?.plateNumber ?? '',
  plateColour: entry?.plateColour ?? 0,
  scope: entry?.lotIds ? 'lots' : 'all',
  lotIds: entry?.lotIds ?? [],
  validity: entry?.validFrom ? 'range' : 'forever',
  range: entry?.validFrom && entry.validTo ? [dayjs(entry.validFrom), dayjs(entry.validTo)] : null,
  reason: entry?.reason ?? '',
});

/** The body the contract takes: every lot as null, 长期 as no times. */
export const plateListFormBody = (values: PlateListFormValues): PlateListInput => ({
  type: values.type,
  plateNumber: plateText(values.plateNumber),
  plateColour: values.plateColour,
  lotIds: values.scope === 'all' ? null : values.lotIds,
  validFrom: values.validity === 'range' && values.range ? values.range[0].toISOString() : null,
  validTo: values.validity === 'range' && values.range ? values.range[1].toISOString() : null,
  reason: remarkText(values.reason),
});

function LotMultiSelect({ value, onChange, id }: { value?: string[]; onChange?: (next: string[]) => void; id?: string }) {
  const lots = useLotOptions();
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      options={(lots.data ?? []).map((lot) => ({ value: lot.id, label: lot.name }))}
      loading={lots.isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择适用停车场"
      notFoundContent="暂无停车场"
    />
  );
}

/** The inputs of 新增 and 编辑: the lots appear once 指定车场 is picked, the range once 指定时段 is. */
export function PlateListFormInputs(_props: { record: PlateListEntry | undefined }) {
  const form = Form.useFormInstance();
  const scope = Form.useWatch('scope', form);
  const validity = Form.useWatch('validity', form);
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item label="名单类型" name="type" rules={[{ required: true, message: '请选择名单类型' }]} extra="黑名单车辆在车道拒绝通行；白名单车辆在有效期内停车免费">
          <Radio.Group options={plateListTypes.map((t) => ({ value: t, label: plateListTypeNames[t] }))} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <PlateField required="请输入车牌号" />
      </Col>
      <Col span={12}>
        <PlateColourField required="请选择车牌颜色" options={contractPlateColourOptions} />
      </Col>
      <Col span={24}>
        <Form.Item label="适用车场" name="scope">
          <Radio.Group
            options={[
              { value: 'all', label: '全部车场' },
              { value: 'lots', label: '指定车场' },
            ]}
          />
        </Form.Item>
      </Col>
      {scope === 'lots' && (
        <Col span={24}>
          <Form.Item label="停车场" name="lotIds" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个停车场，或选择全部车场' }]}>
            <LotMultiSelect />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item label="有效期" name="validity">
          <Radio.Group
            options={[
              { value: 'forever', label: '长期' },
              { value: 'range', label: '指定时段' },
            ]}
          />
        </Form.Item>
      </Col>
      {validity === 'range' && (
        <Col span={24}>
          <Form.Item
            label="生效时段"
            name="range"
            rules={[
              { required: true, message: '请选择有效期的开始和结束时间，或选择长期' },
              {
                validator: (_rule, range: [Dayjs, Dayjs] | null) => (range && !range[1].isAfter(range[0]) ? Promise.reject(new Error('失效时间必须晚于生效时间')) : Promise.resolve()),
              },
            ]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={['生效时间', '失效时间']} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <RemarkField name="reason" label="原因" schema={fields.reason} required="请填写原因" placeholder="如 多次冲卡逃费 / 物业车辆" />
      </Col>
    </Row>
  );
}
