import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { newVehicleClass, segmentLabels, type ScheduleForm } from './tariff-form-values';
import { moneyRules, ScheduleFields, type FieldPath } from './tariff-schedule-fields';

export const tierClockOptions = [
  { value: 'continue', label: '连续累计' },
  { value: 'restartDaily', label: '按自然日重新计' },
  { value: 'fromEntry', label: '自入场起计' },
];

/** 封顶: per natural day, per 24 h from entry, and per segment name. */
export function CapsFields({ name, schedulePath }: { name: FieldPath; schedulePath: FieldPath }) {
  const form = Form.useFormInstance();
  const schedule = Form.useWatch(schedulePath, form) as ScheduleForm | undefined;
  const labels = segmentLabels(schedule);
  return (
    <div className="tariff-caps">
      <div className="tariff-row">
        <Form.Item label="自然日封顶（元）" name={[...name, 'perNaturalDayYuan']} rules={moneyRules('自然日封顶')} className="tariff-field--short">
          <InputNumber placeholder="不封顶" />
        </Form.Item>
        <Form.Item label="24小时封顶（元）" name={[...name, 'perRolling24hYuan']} rules={moneyRules('24小时封顶')} className="tariff-field--short">
          <InputNumber placeholder="不封顶" />
        </Form.Item>
        <Form.Item label=" " name={[...name, 'fullBlocksOnly']} valuePropName="checked" tooltip="只对满24小时的部分封顶，最后不足24小时的部分照常计费">
          <Checkbox>只封顶满24小时</Checkbox>
        </Form.Item>
      </div>
      <Form.List name={[...name, 'bySegment']}>
        {(fields, { add, remove }) => (
          <div className="tariff-segment-caps">
            {fields.map((field, k) => (
              <div className="tariff-row" key={field.key} role="group" aria-label={`第${k + 1}条时段封顶`}>
                <Form.Item label="时段" name={[field.name, 'segment']} rules={[{ required: true, message: '请选择封顶的时段' }]}>
                  <Select style={{ width: 110 }} placeholder="请选择" options={labels.map((l) => ({ value: l, label: l }))} />
                </Form.Item>
                <Form.Item label="每次（元）" name={[field.name, 'perStretchYuan']} rules={moneyRules('该时段每次封顶')} className="tariff-field--short">
                  <InputNumber placeholder="不封顶" />
                </Form.Item>
                <Form.Item label="每日（元）" name={[field.name, 'perNaturalDayYuan']} rules={moneyRules('该时段每日封顶')} className="tariff-field--short">
                  <InputNumber placeholder="不封顶" />
                </Form.Item>
                <Form.Item label="每24小时（元）" name={[field.name, 'perRolling24hYuan']} rules={moneyRules('该时段每24小时封顶')} className="tariff-field--short">
                  <InputNumber placeholder="不封顶" />
                </Form.Item>
                <Button type="text" danger icon={<MinusCircleOutlined />} aria-label={`删除第${k + 1}条时段封顶`} onClick={() => remove(field.name)} />
              </div>
            ))}
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => add({ segment: labels[0], perStretchYuan: null, perNaturalDayYuan: null, perRolling24hYuan: null })}>
              添加按时段封顶
            </Button>
          </div>
        )}
      </Form.List>
    </div>
  );
}

const plateColourOptions = ['蓝', '白', '黄', '绿', '黑'].map((label, value) => ({ value, label }));
const choiceOptions = [
  { value: 'any', label: '不限' },
  { value: 'yes', label: '是' },
  { value: 'no', label: '否' },
];

function VehicleClassCard({ name, index, onRemove }: { name: number; index: number; onRemove?: (() => void) | undefined }) {
  const form = Form.useFormInstance();
  const path = ['rules', 'vehicleClasses', name];
  const ownSchedule = Form.useWatch([...path, 'ownSchedule'], form) as boolean | undefined;
  const ownCaps = Form.useWatch([...path, 'ownCaps'], form) as boolean | undefined;
  /** a class given its own rates starts from the tariff's, so switching it on changes no price */
  const startOwnSchedule = (on: boolean) => {
    const own = form.getFieldValue([...path, 'schedule']) as ScheduleForm;
    if (on && own.workday.length === 0 && own.nonWorkday.length === 0 && own.holiday.length === 0) {
      form.setFieldValue([...path, 'schedule'], structuredClone(form.getFieldValue(['rules', 'schedule']) as ScheduleForm));
    }
  };
  return (
    <div className="tariff-class" role="group" aria-label={`第${index + 1}个车型`}>
      <div className="tariff-row">
        <Form.Item label="车型名称" name={[name, 'name']} rules={[{ required: true, whitespace: true, message: '请输入车型名称' }]} className="tariff-field--name">
          <Input placeholder="如 小型车" />
        </Form.Item>
        <Form.Item
          label="编码"
          name={[name, 'code']}
          rules={[{ required: true, message: '请输入车型编码' }]}
          className="tariff-field--name"
          tooltip="字母开头，只含字母、数字、-、_；订单和试算按编码找车型"
        >
          <Input placeholder="如 small" />
        </Form.Item>
        <Form.Item
          label="倍率"
          name={[name, 'multiplier']}
          rules={[{ required: true, message: '请输入倍率' }]}
          tooltip="价格和封顶乘以该倍率，如大型车按 2 倍"
          className="tariff-field--short"
        >
          <InputNumber />
        </Form.Item>
        {onRemove && <Button className="tariff-remove" type="text" danger icon={<DeleteOutlined />} aria-label={`删除第${index + 1}个车型`} onClick={onRemove} />}
      </div>
      <div className="tariff-row">
        <Form.Item label="车辆大小" name={[name, 'match', 'size']}>
          <Select
            style={{ width: 100 }}
            options={[
              { value: 'any', label: '不限' },
              { value: 'small', label: '小型车' },
              { value: 'large', label: '大型车' },
            ]}
          />
        </Form.Item>
        <Form.Item label="新能源" name={[name, 'match', 'newEnergy']}>
          <Select style={{ width: 80 }} options={choiceOptions} />
        </Form.Item>
        <Form.Item label="车牌颜色（不选为不限）" name={[name, 'match', 'plateColours']}>
          <Checkbox.Group options={plateColourOptions} />
        </Form.Item>
      </div>
      <div className="tariff-row">
        <Form.Item label="阶梯计时" name={[name, 'tierClock']}>
          <Select style={{ width: 150 }} options={[{ value: 'inherit', label: '同计费规则' }, ...tierClockOptions]} />
        </Form.Item>
        <Form.Item label="单独的收费时段" name={[name, 'ownSchedule']} valuePropName="checked">
          <Switch onChange={startOwnSchedule} />
        </Form.Item>
        <Form.Item label="单独封顶" name={[name, 'ownCaps']} valuePropName="checked" tooltip="该车型自己的封顶金额（元），代替计费规则的封顶（含时段每次封顶）乘以倍率">
          <Switch />
        </Form.Item>
      </div>
      {ownSchedule && (
        <div className="tariff-class__own">
          <Typography.Text type="secondary">该车型的收费时段（倍率仍然适用）</Typography.Text>
          <ScheduleFields name={[name, 'schedule']} path={[...path, 'schedule']} />
        </div>
      )}
      {ownCaps && (
        <div className="tariff-class__own">
          <Typography.Text type="secondary">该车型的封顶</Typography.Text>
          <CapsFields name={[name, 'caps']} schedulePath={ownSchedule ? [...path, 'schedule'] : ['rules', 'schedule']} />
        </div>
      )}
    </div>
  );
}

/** 车型: which vehicles each class takes, its multiplier, and rates, caps or a tier clock of its own. */
export function VehicleClassFields() {
  return (
    <Form.List name={['rules', 'vehicleClasses']}>
      {(fields, { add, remove }) => (
        <div className="tariff-classes">
          {fields.map((field, index) => (
            <VehicleClassCard key={field.key} name={field.name} index={index} onRemove={fields.length > 1 ? () => remove(field.name) : undefined} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newVehicleClass(fields.length))}>
            添加车型
          </Button>
        </div>
      )}
    </Form.List>
  );
}
