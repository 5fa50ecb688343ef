import { tariffRules, type TariffDetail, type TariffRules } from '@parking/contract';
import { Alert, App, Button, Card, DatePicker, Drawer, Form, Input, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useCloseGuard } from '../../shared/forms/use-close-guard';
import { businessIso, businessNow, businessToday } from '../../shared/time/business-time';
import { useTariffSave } from './tariff-api';
import { CapsFields, VehicleClassFields } from './tariff-class-fields';
import { TariffDayTimeline } from './tariff-day-timeline';
import { placeRulesIssues } from './tariff-form-issues';
import { defaultRulesForm, formFromRules, rulesFromForm, type TariffRulesForm } from './tariff-form-values';
import { TariffJsonTools } from './tariff-json-tools';
import { TariffLiveTrial } from './tariff-live-trial';
import { CalendarFields, StayRuleFields } from './tariff-rule-fields';
import { ScheduleFields } from './tariff-schedule-fields';
import { tariffTemplates } from './tariff-templates';
import './tariff-editor.css';

interface EditorValues {
  name: string;
  description: string;
  enabled: boolean;
  effectiveFrom: Dayjs;
  rules: TariffRulesForm;
}

/** The value after it has stood still for `ms`: the trial reprices once typing pauses, not on every key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const checked = (rules: TariffRulesForm | undefined) => (rules ? tariffRules.safeParse(rulesFromForm(rules)) : undefined);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="tariff-section" aria-label={title}>
      <h3 className="tariff-section__title">{title}</h3>
      {children}
    </section>
  );
}

/**
 * New tariff or a tariff's next version, every rule as a form (元 and minutes), with the 计费试算 of
 * the rules as they stand and each day type's hours beside it; JSON only to export and import.
 */
export function TariffFormModal({ open, editing, onClose }: { open: boolean; editing: TariffDetail | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const [problems, setProblems] = useState<string[]>([]);
  const [templateSource, setTemplateSource] = useState<string>();
  const finish = () => {
    setProblems([]);
    setTemplateSource(undefined);
    onClose();
  };
  const close = useCloseGuard(form, finish);
  const save = useTariffSave();

  const initial = useMemo<EditorValues>(
    () => ({
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      enabled: editing?.enabled ?? true,
      // a new tariff covers today's stays, so they can be tried at once; a new version starts now (Shanghai's today and now)
      effectiveFrom: editing ? businessNow().startOf('minute') : businessToday(),
      rules: editing?.rules ? formFromRules(editing.rules) : defaultRulesForm(),
    }),
    [editing],
  );
  useEffect(() => {
    if (!open) return;
    // the form instance outlives the drawer's content: what the last opening left is replaced whole
    form.setFields((Object.keys(initial) as (keyof EditorValues)[]).map((name) => ({ name, value: initial[name], errors: [] })));
  }, [open, initial, form]);

  const watched = Form.useWatch('rules', { form, preserve: true }) as TariffRulesForm | undefined;
  const live = useSettled(watched, 200);
  const name = Form.useWatch('name', form) as string | undefined;

  /** rules put in by a tool (template, import) count as edits, so closing asks first */
  const fillRules = (rules: TariffRules) => {
    form.setFields([{ name: 'rules', value: formFromRules(rules) }]);
    form.setFields([{ name: 'name', value: form.getFieldValue('name') as string, touched: true }]);
    setProblems([]);
  };
  const useTemplate = (key: string | undefined) => {
    const template = tariffTemplates.find((t) => t.key === key);
    setTemplateSource(template?.source);
    if (!template) return;
    if (!form.getFieldValue('name')) form.setFieldValue('name', template.name);
    fillRules(template.rules);
  };

  const submit = async () => {
    setProblems([]);
    const fieldsOk = await form.validateFields({ recursive: true }).then(
      () => true,
      () => false,
    );
    const values = form.getFieldsValue(true) as EditorValues;
    const rules = checked(values.rules);
    if (rules && !rules.success) {
      setProblems(placeRulesIssues(form, rules.error.issues, values.rules, ['rules']));
      return;
    }
    if (!fieldsOk || !rules) return;
    const body = { name: values.name, description: values.description, enabled: values.enabled, effectiveFrom: businessIso(values.effectiveFrom), rules: rules.data };
    const msg = await save.mutateAsync(editing ? { id: editing.id, body } : { body });
    void message.success(msg);
    finish();
  };

  const classTimelines = (live?.vehicleClasses ?? []).filter((c) => c?.ownSchedule);
  return (
    <Drawer
      title={editing ? `修改计费规则「${editing.name}」` : '新增计费规则'}
      open={open}
      size={1100}
      rootClassName="tariff-editor-drawer"
      onClose={close}
      destroyOnHidden
      extra={<TariffJsonTools rules={() => checked(form.getFieldValue('rules') as TariffRulesForm)?.data} fileName={name?.trim() || '计费规则'} onImport={fillRules} />}
      footer={
        <div className="tariff-editor__footer">
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
            保存
          </Button>
        </div>
      }
    >
      <div className="tariff-editor">
        <Form form={form} name="tariffEditor" layout="vertical" initialValues={initial} className="tariff-editor__form" preserve>
          {problems.length > 0 && (
            <Alert
              className="tariff-editor__problems"
              type="error"
              showIcon
              title="规则有误"
              description={
                <ul className="tariff-problems">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Section title="基本信息">
            {!editing && (
              <Form.Item label="从城市标准开始" extra={templateSource && `依据：${templateSource}。使用前请核对现行标准`}>
                <Select
                  aria-label="城市标准模板"
                  placeholder="选择模板（可选），填入其规则"
                  allowClear
                  onChange={useTemplate}
                  options={tariffTemplates.map((t) => ({ value: t.key, label: t.name }))}
                />
              </Form.Item>
            )}
            <div className="tariff-row">
              <Form.Item
                label="规则名称"
                name="name"
                className="tariff-field--wide"
                rules={[
                  { required: true, whitespace: true, message: '请输入计费规则名称' },
                  { max: 50, message: '计费规则名称不能超过50个字' },
                ]}
              >
                <Input placeholder="如 福田片区路侧计费" count={{ show: true, max: 50 }} />
              </Form.Item>
              <Form.Item
                label="生效时间"
                name="effectiveFrom"
                rules={[{ required: true, message: '请选择生效时间' }]}
                tooltip={editing ? '规则有变化时，自该时间起生效新版本；之前入场的车辆仍按旧版本计费' : undefined}
              >
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} />
              </Form.Item>
              <Form.Item label="启用" name="enabled" valuePropName="checked">
                <Switch />
              </Form.Item>
            </div>
            <Form.Item label="描述" name="description" rules={[{ max: 500, message: '描述最长500个字' }]}>
              <Input.TextArea rows={1} autoSize={{ minRows: 1, maxRows: 4 }} count={{ show: true, max: 500 }} />
            </Form.Item>
          </Section>
          <Section title="收费时段">
            <ScheduleFields name={['rules', 'schedule']} path={['rules', 'schedule']} />
            <CalendarFields />
          </Section>
          <Section title="免费与计时">
            <StayRuleFields />
          </Section>
          <Section title="封顶">
            <CapsFields name={['rules', 'caps']} schedulePath={['rules', 'schedule']} />
          </Section>
          <Section title="车型">
            <VehicleClassFields />
          </Section>
        </Form>
        <aside className="tariff-editor__side">
          <TariffLiveTrial values={live} />
          <Card size="small" title="每日收费时段" className="tariff-editor__timelines">
            <TariffDayTimeline schedule={live?.schedule} />
            {classTimelines.map((c) => (
              <TariffDayTimeline key={c.code} title={`车型「${c.name || c.code}」`} schedule={c.schedule} />
            ))}
          </Card>
        </aside>
      </div>
    </Drawer>
  );
}
