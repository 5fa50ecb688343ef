import type { TariffDetail } from '@parking/contract';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { businessIso, businessNow, businessToday } from '../../shared/time/business-time';
import { useTariffSave } from './tariff-api';
import { checkRulesJson, defaultFormRules, formFromRules, rulesFromForm, type TariffFormRules } from './tariff-form-values';
import { tariffTemplates } from './tariff-templates';
import { numberRule } from '../../shared/forms/number-rule';
import { useCloseGuard } from '../../shared/forms/use-close-guard';

type FormValues = Omit<TariffFormRules, 'chargeStart' | 'chargeEnd'> & {
  name: string;
  description: string;
  enabled: boolean;
  effectiveFrom: Dayjs;
  chargeHours: [Dayjs, Dayjs];
};

const hm = (text: string) => dayjs(`2000-01-01T${text}:00`);

/** New tariff or a tariff's next version: the common fields as a form, anything else as checked JSON. */
export function TariffFormModal({ open, editing, onClose }: { open: boolean; editing: TariffDetail | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const close = useCloseGuard(form, onClose);
  const [mode, setMode] = useState<'simple' | 'json'>('simple');
  const [json, setJson] = useState('');
  const [jsonErrors, setJsonErrors] = useState<string[]>([]);
  const save = useTariffSave();

  useEffect(() => {
    if (!open) return;
    const simple = editing?.rules ? formFromRules(editing.rules) : defaultFormRules;
    const fields = simple ?? defaultFormRules;
    form.setFieldsValue({
      ...fields,
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      enabled: editing?.enabled ?? true,
      // a new tariff covers today's stays, so they can be tried at once; a new version starts now (Shanghai's today and now)
      effectiveFrom: editing ? businessNow().startOf('minute') : businessToday(),
      chargeHours: [hm(fields.chargeStart), hm(fields.chargeEnd)],
    });
    setMode(simple ? 'simple' : 'json');
    setJson(JSON.stringify(editing?.rules ?? rulesFromForm(fields), null, 2));
    setJsonErrors([]);
  }, [open, editing, form]);

  const simpleRules = (values: FormValues) => rulesFromForm({ ...values, chargeStart: values.chargeHours[0].format('HH:mm'), chargeEnd: values.chargeHours[1].format('HH:mm') });

  const switchMode = (next: 'simple' | 'json') => {
    if (next === 'json') setJson(JSON.stringify(simpleRules(form.getFieldsValue(true) as FormValues), null, 2));
    setMode(next);
  };

  const useTemplate = (key: string) => {
    const template = tariffTemplates.find((t) => t.key === key);
    if (!template) return;
    if (!form.getFieldValue('name')) form.setFieldValue('name', template.name);
    setJson(JSON.stringify(template.rules, null, 2));
    setJsonErrors([]);
    setMode('json');
  };

  const submit = async () => {
    const values = await form.validateFields();
    let rules;
    if (mode === 'json') {
      const checked = checkRulesJson(json);
      if (!checked.ok) {
        setJsonErrors(checked.errors);
        return;
      }
      rules = checked.rules;
    } else {
      rules = simpleRules(values);
    }
    const body = { name: values.name, description: values.description, enabled: values.enabled, effectiveFrom: businessIso(values.effectiveFrom), rules };
    const msg = await save.mutateAsync(editing ? { id: editing.id, body } : { body });
    void message.success(msg);
    onClose();
  };

  const perVisit = Form.useWatch('pricing', form) === 'perVisit';
  return (
    <Modal
      title={editing ? `修改计费规则「${editing.name}」` : '新增计费规则'}
      open={open}
      width={720}
      okText="保存"
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} preserve>
        {!editing && (
          <Form.Item label="从城市标准开始">
            <Select aria-label="城市标准模板" placeholder="选择模板（可选）" allowClear onChange={useTemplate} options={tariffTemplates.map((t) => ({ value: t.key, label: t.name }))} />
          </Form.Item>
        )}
        <Form.Item
          label="名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入计费规则名称' },
            { max: 50, message: '计费规则名称不能超过50个字' },
          ]}
        >
          <Input placeholder="如 福田片区路侧计费" count={{ show: true, max: 50 }} />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={[{ max: 500, message: '描述最长500个字' }]}>
          <Input.TextArea rows={2} count={{ show: true, max: 500 }} />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label="生效时间"
          name="effectiveFrom"
          rules={[{ required: true, message: '请选择生效时间' }]}
          extra={editing ? '规则有变化时，自该时间起生效新版本；之前入场的车辆仍按旧版本计费' : undefined}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} />
        </Form.Item>
        <Form.Item label="编辑方式">
          <Radio.Group
            value={mode}
            onChange={(e) => switchMode(e.target.value as 'simple' | 'json')}
            options={[
              { value: 'simple', label: '常用字段' },
              { value: 'json', label: '高级（JSON）' },
            ]}
          />
        </Form.Item>
        <div hidden={mode !== 'simple'}>
          <Form.Item label="收费时段" name="chargeHours" extra="开始与结束相同表示全天收费；结束早于开始表示跨夜">
            <TimePicker.RangePicker format="HH:mm" order={false} allowClear={false} />
          </Form.Item>
          <Form.Item label="计费方式" name="pricing">
            <Radio.Group
              options={[
                { value: 'perUnit', label: '按时长' },
                { value: 'perVisit', label: '按次' },
              ]}
            />
          </Form.Item>
          {perVisit ? (
            <Form.Item label="按次价格（元）" name="visitPriceYuan" rules={[numberRule({ label: '按次价格', min: 0, decimals: 2 })]}>
              <InputNumber step={0.5} />
            </Form.Item>
          ) : (
            <>
              <Form.Item label="计费单位（分钟）" name="unitMinutes" rules={[numberRule({ label: '计费单位', min: 1, max: 1440 })]}>
                <InputNumber />
              </Form.Item>
              <Form.Item label="单价（元/单位）" name="unitPriceYuan" rules={[numberRule({ label: '单价', min: 0, decimals: 2 })]}>
                <InputNumber step={0.5} />
              </Form.Item>
              <Form.Item label="不足一个单位" name="rounding">
                <Radio.Group
                  options={[
                    { value: 'up', label: '按一个单位计' },
                    { value: 'down', label: '不计费' },
                  ]}
                />
              </Form.Item>
            </>
          )}
          <Form.Item label="免费时长（分钟）" name="freeMinutes" extra="停车不超过该时长免费；0 表示不免费" rules={[numberRule({ label: '免费时长', min: 0, max: 1440 })]}>
            <InputNumber />
          </Form.Item>
          <Form.Item label="每日封顶（元）" name="dailyCapYuan" extra="留空表示不封顶" rules={[numberRule({ label: '每日封顶', min: 0, decimals: 2 })]}>
            <InputNumber />
          </Form.Item>
          <Form.Item label="大型车倍率" name="largeMultiplier" rules={[numberRule({ label: '大型车倍率', min: 0.1, max: 10, decimals: 2 })]}>
            <InputNumber step={0.5} />
          </Form.Item>
          <Form.Item label="缴费后免费离场（分钟）" name="graceMinutes" rules={[numberRule({ label: '缴费后免费离场时长', min: 0, max: 120 })]}>
            <InputNumber />
          </Form.Item>
        </div>
        {mode === 'json' && (
          <Form.Item label="规则 JSON" extra="车型、分时段、阶梯、节假日等按 JSON 编辑；金额以分计">
            <Input.TextArea
              aria-label="规则 JSON"
              rows={14}
              value={json}
              spellCheck={false}
              style={{ fontFamily: 'monospace', fontSize: 12 }}
              onChange={(e) => {
                setJson(e.target.value);
                setJsonErrors([]);
              }}
            />
          </Form.Item>
        )}
        {jsonErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title="规则有误"
            description={
              <ul className="tariff-json-errors">
                {jsonErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            }
          />
        )}
      </Form>
    </Modal>
  );
}
