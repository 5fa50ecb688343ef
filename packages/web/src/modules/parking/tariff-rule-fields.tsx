import { specialPlateNames, specialPlates } from '@parking/contract';
import { Checkbox, DatePicker, Form, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { dayText } from '../../shared/time/business-time';
import { tierClockOptions } from './tariff-class-fields';
import { minutesRules } from './tariff-schedule-fields';

/** A list of dates "YYYY-MM-DD": typed or pasted (several at once), or picked on a calendar. */
function DateList({ value = [], onChange, id, label }: { value?: string[]; onChange?: (value: string[]) => void; id?: string; label: string }) {
  const sorted = (dates: string[]) => [...new Set(dates.map((d) => d.trim()).filter(Boolean))].sort();
  return (
    <Space.Compact block>
      <Select
        id={id}
        aria-label={label}
        mode="tags"
        open={false}
        value={value}
        onChange={(dates: string[]) => onChange?.(sorted(dates))}
        tokenSeparators={[',', '，', ' ', '、', '\n']}
        placeholder="输入或粘贴日期，如 2025-10-01，可多个"
        maxTagCount="responsive"
        allowClear
        suffix={null}
      />
      <DatePicker aria-label={`添加${label}`} placeholder="选日期" style={{ width: 120 }} value={null} onChange={(d) => d && onChange?.(sorted([...value, dayText(d)]))} />
    </Space.Compact>
  );
}

/** 节假日 and 调休上班日: the days that are not what their weekday says. */
export function CalendarFields() {
  return (
    <div className="tariff-calendar">
      <Form.Item label="节假日" name={['rules', 'calendar', 'holidays']} tooltip="这些日期按节假日计费">
        <DateList label="节假日" />
      </Form.Item>
      <Form.Item label="调休上班日" name={['rules', 'calendar', 'adjustedWorkdays']} tooltip="这些周末日期按工作日计费">
        <DateList label="调休上班日" />
      </Form.Item>
    </div>
  );
}

/** 免费时长, how tiers count, what happens past 24 h, free special vehicles and the minutes to leave after paying. */
export function StayRuleFields() {
  const form = Form.useFormInstance();
  const free = Form.useWatch(['rules', 'freePeriod', 'enabled'], form) as boolean | undefined;
  return (
    <div className="tariff-stay-rules">
      <div className="tariff-row">
        <Form.Item label="免费时长" name={['rules', 'freePeriod', 'enabled']} valuePropName="checked">
          <Switch checkedChildren="有" unCheckedChildren="无" />
        </Form.Item>
        {free && (
          <>
            <Form.Item label="分钟" name={['rules', 'freePeriod', 'minutes']} rules={minutesRules('免费时长', 1, true, 1440)} className="tariff-field--short">
              <InputNumber />
            </Form.Item>
            <Form.Item label="含/不含" name={['rules', 'freePeriod', 'inclusive']}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: true, label: '含（不超过）' },
                  { value: false, label: '不含（不足）' },
                ]}
              />
            </Form.Item>
            <Form.Item label="判断依据" name={['rules', 'freePeriod', 'on']}>
              <Select
                style={{ width: 150 }}
                options={[
                  { value: 'stay', label: '停车时长' },
                  { value: 'chargeable', label: '收费时段内时长' },
                ]}
              />
            </Form.Item>
          </>
        )}
      </div>
      <Form.Item label="阶梯计时" name={['rules', 'tierClock']} tooltip="连续累计：按时段累计收费时长；按自然日重新计：每天0点重新计；自入场起计：从入场时刻起算，不论是否收费">
        <Radio.Group optionType="button" options={tierClockOptions} />
      </Form.Item>
      <Form.Item label="超过24小时" name={['rules', 'over24h']} tooltip="重新计费：自入场起每满24小时按新的一次停车计费（阶梯、按次重新开始）">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'afresh', label: '重新计费' },
            { value: 'continue', label: '连续计费' },
          ]}
        />
      </Form.Item>
      <div className="tariff-row">
        <Form.Item label="免费特种车辆" name={['rules', 'freeSpecialPlates']}>
          <Checkbox.Group options={specialPlates.map((p) => ({ value: p, label: specialPlateNames[p] }))} />
        </Form.Item>
        <Form.Item label="缴费后免费离场（分钟）" name={['rules', 'graceMinutes']} rules={minutesRules('缴费后免费离场时长', 0, true, 120)}>
          <InputNumber />
        </Form.Item>
      </div>
    </div>
  );
}
