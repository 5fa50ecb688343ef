import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { clockTimePattern } from '@parking/contract';
import { Button, Form, Input, InputNumber, Radio, Select, TimePicker, Typography, type FormRule } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { numberRule } from '../../shared/forms/number-rule';
import { daySegments, newSegment, newTier, type DayType, type ScheduleForm, type SegmentForm, type TierForm } from './tariff-form-values';

/** A name relative to the Form.List it sits in, and the same field's path from the form's root. */
export type FieldPath = (string | number)[];

/** A 元 amount: two decimals, not negative; blank means none unless required. */
export const moneyRules = (label: string, required = false): FormRule[] => [...(required ? [{ required: true, message: `请输入${label}` }] : []), numberRule({ label, min: 0, decimals: 2 })];
/** Whole minutes from `min`. */
export const minutesRules = (label: string, min: number, required = true, max?: number): FormRule[] => [
  ...(required ? [{ required: true, message: `请输入${label}` }] : []),
  numberRule({ label, min, ...(max === undefined ? {} : { max }) }),
];

/** "HH:mm" text through a time picker. */
export function ClockPicker({ value, onChange, id, label }: { value?: string; onChange?: (value: string) => void; id?: string; label: string }) {
  return (
    <TimePicker
      id={id}
      aria-label={label}
      format="HH:mm"
      needConfirm={false}
      allowClear={false}
      value={value && clockTimePattern.test(value) ? dayjs(`2000-01-01T${value}:00`) : null}
      onChange={(d) => onChange?.(d ? d.format('HH:mm') : '')}
    />
  );
}

const roundingOptions = [
  { value: 'up', label: '向上取整' },
  { value: 'down', label: '向下取整' },
  { value: 'threshold', label: '超过阈值计费' },
];

function TierList({ name, path }: { name: FieldPath; path: FieldPath }) {
  const form = Form.useFormInstance();
  /** a tier after the last: the last one, unlimited until now, ends after an hour or so of whole units */
  const addTier = (add: (tier: TierForm) => void) => {
    const tiers = (form.getFieldValue(path) as TierForm[] | undefined) ?? [];
    const last = tiers.at(-1) ?? newTier();
    const unit = last.unitMinutes && last.unitMinutes > 0 ? last.unitMinutes : 30;
    const from = tiers.at(-2)?.uptoMinutes ?? 0;
    if (tiers.length > 0) form.setFieldValue([...path, tiers.length - 1, 'uptoMinutes'], from + unit * Math.max(1, Math.ceil(60 / unit)));
    add({ uptoMinutes: null, unitMinutes: last.unitMinutes, unitPriceYuan: last.unitPriceYuan });
  };
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="tariff-tiers">
          <div className="tariff-tier tariff-tier--head" aria-hidden>
            <span>阶梯</span>
            <span>截止时长</span>
            <span>计费单位</span>
            <span>单价</span>
            <span>阶梯名称（可选）</span>
          </div>
          {fields.map((field, k) => (
            <div className="tariff-tier" key={field.key} role="group" aria-label={`第${k + 1}档`}>
              <span className="tariff-tier__no">第{k + 1}档</span>
              {k === fields.length - 1 ? (
                <span className="tariff-tier__unlimited" title="最后一档不设截止时长">
                  不限
                </span>
              ) : (
                <Form.Item name={[field.name, 'uptoMinutes']} rules={minutesRules('阶梯截止时长', 1)}>
                  <InputNumber aria-label="截止时长" suffix="分钟" />
                </Form.Item>
              )}
              <Form.Item name={[field.name, 'unitMinutes']} rules={minutesRules('计费单位', 1, true, 1440)}>
                <InputNumber aria-label="计费单位" suffix="分钟" />
              </Form.Item>
              <Form.Item name={[field.name, 'unitPriceYuan']} rules={moneyRules('单价', true)}>
                <InputNumber aria-label="单价" suffix="元" />
              </Form.Item>
              <Form.Item name={[field.name, 'label']} rules={[{ max: 16, message: '阶梯名称不能超过16个字' }]}>
                <Input aria-label="阶梯名称" placeholder="如 首小时" />
              </Form.Item>
              {fields.length > 1 ? <Button type="text" danger icon={<MinusCircleOutlined />} aria-label={`删除第${k + 1}档`} onClick={() => remove(field.name)} /> : <span />}
            </div>
          ))}
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => addTier(add)}>
            添加阶梯
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function SegmentCard({ name, path, index, onRemove }: { name: number; path: FieldPath; index: number; onRemove: () => void }) {
  const form = Form.useFormInstance();
  const kind = Form.useWatch([...path, 'pricing', 'kind'], form) as SegmentForm['pricing']['kind'] | undefined;
  const rounding = Form.useWatch([...path, 'pricing', 'rounding', 'mode'], form) as string | undefined;
  return (
    <div className="tariff-segment" role="group" aria-label={`第${index + 1}个时段`}>
      <div className="tariff-row">
        <Form.Item label="时段名称" name={[name, 'label']} rules={[{ required: true, whitespace: true, message: '请输入时段名称' }]} className="tariff-field--name">
          <Input placeholder="如 白天" />
        </Form.Item>
        <Form.Item label="开始" name={[name, 'start']} className="tariff-field--clock">
          <ClockPicker label="开始" />
        </Form.Item>
        <Form.Item label="结束" name={[name, 'end']} tooltip="结束早于开始表示跨夜，相同表示全天" className="tariff-field--clock">
          <ClockPicker label="结束" />
        </Form.Item>
        <Form.Item label="计费方式" name={[name, 'pricing', 'kind']}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'perUnit', label: '按时长' },
              { value: 'perVisit', label: '按次' },
            ]}
          />
        </Form.Item>
        <Button className="tariff-remove" type="text" danger icon={<DeleteOutlined />} aria-label={`删除第${index + 1}个时段`} onClick={onRemove} />
      </div>
      {kind === 'perVisit' ? (
        <div className="tariff-row">
          <Form.Item label="按次价格（元）" name={[name, 'pricing', 'priceYuan']} rules={moneyRules('按次价格', true)} className="tariff-field--short">
            <InputNumber />
          </Form.Item>
        </div>
      ) : (
        <>
          <TierList name={[name, 'pricing', 'tiers']} path={[...path, 'pricing', 'tiers']} />
          <div className="tariff-row">
            <Form.Item label="不足一个计费单位" name={[name, 'pricing', 'rounding', 'mode']}>
              <Select options={roundingOptions} style={{ width: 140 }} />
            </Form.Item>
            {rounding === 'threshold' && (
              <Form.Item label="超过（分钟）计费" name={[name, 'pricing', 'rounding', 'leftoverMinutes']} rules={minutesRules('舍入阈值', 0)} className="tariff-field--short">
                <InputNumber />
              </Form.Item>
            )}
            <Form.Item label="每次封顶（元）" name={[name, 'capPerStretchYuan']} rules={moneyRules('每次封顶')} className="tariff-field--short">
              <InputNumber placeholder="不封顶" />
            </Form.Item>
          </div>
        </>
      )}
    </div>
  );
}

/** The next segment offered: the hours the others leave, 夜间 after a 白天. */
const nextSegment = (existing: readonly SegmentForm[]): SegmentForm => {
  const first = existing[0];
  const last = existing.at(-1);
  if (!first || !last) return newSegment();
  const label = existing.length === 1 && first.label === '白天' ? '夜间' : `时段${existing.length + 1}`;
  return newSegment(label, last.end, first.start);
};

function SegmentList({ name, path }: { name: FieldPath; path: FieldPath }) {
  const form = Form.useFormInstance();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="tariff-segments">
          {fields.length === 0 && <Typography.Text type="secondary">没有收费时段：全天免费</Typography.Text>}
          {fields.map((field, index) => (
            <SegmentCard key={field.key} name={field.name} path={[...path, field.name]} index={index} onRemove={() => remove(field.name)} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(nextSegment((form.getFieldValue(path) as SegmentForm[] | undefined) ?? []))}>
            添加时段
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function DaySection({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="tariff-day" aria-label={title}>
      <div className="tariff-day__head">
        <Typography.Text strong>{title}</Typography.Text>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** 收费时段 per day type, with the shortcuts that keep the common case short: 同工作日, 节假日同非工作日. */
export function ScheduleFields({ name, path }: { name: FieldPath; path: FieldPath }) {
  const form = Form.useFormInstance();
  const nonWorkdayMode = Form.useWatch([...path, 'nonWorkdayMode'], form) as ScheduleForm['nonWorkdayMode'] | undefined;
  const holidayMode = Form.useWatch([...path, 'holidayMode'], form) as ScheduleForm['holidayMode'] | undefined;
  /** a day type set apart starts from what it was charged like, unless it has segments of its own already */
  const startFrom = (day: DayType, like: DayType) => {
    const schedule = form.getFieldValue(path) as ScheduleForm;
    if ((schedule[day] ?? []).length === 0) form.setFieldValue([...path, day], structuredClone(daySegments(schedule, like)));
  };
  return (
    <div className="tariff-schedule">
      <DaySection title="工作日">
        <SegmentList name={[...name, 'workday']} path={[...path, 'workday']} />
      </DaySection>
      <SetApartDay
        name={name}
        path={path}
        day="nonWorkday"
        title="非工作日"
        mode={nonWorkdayMode}
        same="sameAsWorkday"
        sameLabel="同工作日"
        sameText="按工作日的收费时段计费"
        onApart={() => startFrom('nonWorkday', 'workday')}
      />
      <SetApartDay
        name={name}
        path={path}
        day="holiday"
        title="节假日"
        mode={holidayMode}
        same="sameAsNonWorkday"
        sameLabel="同非工作日"
        sameText="按非工作日的收费时段计费"
        onApart={() => startFrom('holiday', 'nonWorkday')}
      />
    </div>
  );
}

/** A day type charged like another (同工作日) unless set apart (单独设置), when it gets segments of its own. */
function SetApartDay({
  name,
  path,
  day,
  title,
  mode,
  same,
  sameLabel,
  sameText,
  onApart,
}: {
  name: FieldPath;
  path: FieldPath;
  day: 'nonWorkday' | 'holiday';
  title: string;
  mode: string | undefined;
  same: string;
  sameLabel: string;
  sameText: string;
  onApart: () => void;
}) {
  return (
    <DaySection
      title={title}
      extra={
        <Form.Item name={[...name, `${day}Mode`]} noStyle>
          <Radio.Group
            aria-label={title}
            size="small"
            optionType="button"
            options={[
              { value: same, label: sameLabel },
              { value: 'own', label: '单独设置' },
            ]}
            onChange={(e) => e.target.value === 'own' && onApart()}
          />
        </Form.Item>
      }
    >
      {mode === 'own' ? <SegmentList name={[...name, day]} path={[...path, day]} /> : <Typography.Text type="secondary">{sameText}</Typography.Text>}
    </DaySection>
  );
}
