import { fee, tariffRules, type FeeLine, type FeeResult } from '@parking/contract';
import { Alert, Card, DatePicker, Empty, Select, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { businessIso, businessToday, formatBusiness } from '../../shared/time/business-time';
import { issueTexts } from './tariff-form-issues';
import { rulesFromForm, yuanText, type TariffRulesForm } from './tariff-form-values';

export type LivePrice = { state: 'invalid'; problems: string[] } | { state: 'refused'; message: string } | { state: 'priced'; result: FeeResult };

/** The form's rules priced in the browser with the contract's own fee function, or why they cannot be. */
export function priceWithForm(form: TariffRulesForm, enteredAt: Date, exitedAt: Date, vehicleClass: string): LivePrice {
  let parsed;
  try {
    parsed = tariffRules.safeParse(rulesFromForm(form));
  } catch {
    return { state: 'invalid', problems: ['规则尚未填写完整'] };
  }
  if (!parsed.success) return { state: 'invalid', problems: issueTexts(parsed.error.issues, form) };
  try {
    const tariff = { ...parsed.data, name: '编辑中的规则', version: 1, effectiveFrom: '2000-01-01', effectiveTo: null };
    return { state: 'priced', result: fee(tariff, enteredAt, exitedAt, { vehicleClass }) };
  } catch (e) {
    return { state: 'refused', message: e instanceof Error ? e.message : String(e) };
  }
}

type Line = FeeLine & { key: number };

const columns = (entryDay: string): ColumnsType<Line> => {
  // a line on another day than the entry shows its date
  const at = (d: Date) => formatBusiness(d, formatBusiness(d, 'YYYY-MM-DD') === entryDay ? 'HH:mm' : 'MM/DD HH:mm');
  return [
    { title: '计费项', dataIndex: 'label', key: 'label' },
    { title: '时间', key: 'span', width: 112, render: (_v, line) => `${at(line.from)}–${at(line.to)}` },
    { title: '金额（元）', dataIndex: 'amount', key: 'amount', width: 92, align: 'right', render: (amount: number) => yuanText(amount) },
  ];
};

/**
 * 计费试算 beside the editor: a stay (today 08:00–10:10 on the Shanghai clock unless picked otherwise)
 * priced by the rules as they stand in the form, for one of the form's vehicle classes.
 */
export function TariffLiveTrial({ values }: { values: TariffRulesForm | undefined }) {
  const [today] = useState(() => businessToday());
  const [enteredAt, setEnteredAt] = useState<Dayjs>(() => today.hour(8));
  const [exitedAt, setExitedAt] = useState<Dayjs>(() => today.hour(10).minute(10));
  const [picked, setPicked] = useState<string>();
  const classes = (values?.vehicleClasses ?? []).filter((c) => c?.code);
  const vehicleClass = classes.some((c) => c.code === picked) ? picked! : (classes[0]?.code ?? '');

  const price = values ? priceWithForm(values, new Date(businessIso(enteredAt)), new Date(businessIso(exitedAt)), vehicleClass) : undefined;
  const entryDay = enteredAt.format('YYYY-MM-DD');

  return (
    <Card title="计费试算" size="small" className="tariff-live-trial">
      <div className="tariff-live-trial__stay">
        <label>
          <span>车型</span>
          <Select
            aria-label="试算车型"
            value={vehicleClass || undefined}
            placeholder="请先添加车型"
            onChange={setPicked}
            options={classes.map((c) => ({ value: c.code, label: c.name || c.code }))}
          />
        </label>
        <label>
          <span>入场</span>
          <DatePicker
            aria-label="试算入场时间"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            needConfirm={false}
            value={enteredAt}
            onChange={(d) => d && setEnteredAt(d)}
          />
        </label>
        <label>
          <span>出场</span>
          <DatePicker
            aria-label="试算出场时间"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            needConfirm={false}
            value={exitedAt}
            onChange={(d) => d && setExitedAt(d)}
          />
        </label>
      </div>
      {price?.state === 'invalid' && (
        <Alert
          type="warning"
          showIcon
          title="规则有误，暂不能试算"
          description={
            <ul className="tariff-problems">
              {price.problems.slice(0, 5).map((p) => (
                <li key={p}>{p}</li>
              ))}
              {price.problems.length > 5 && <li>等{price.problems.length}处</li>}
            </ul>
          }
        />
      )}
      {price?.state === 'refused' && <Alert type="warning" showIcon title={price.message} />}
      {price?.state === 'priced' && (
        <div className="tariff-live-trial__result" aria-live="polite">
          <Statistic title="应收金额" value={yuanText(price.result.amount)} suffix="元" />
          {price.result.freeReason && <Alert type="info" showIcon title={price.result.freeReason} />}
          {price.result.breakdown.length > 0 ? (
            <Table<Line> size="small" rowKey="key" columns={columns(entryDay)} dataSource={price.result.breakdown.map((line, key) => ({ ...line, key }))} pagination={false} />
          ) : (
            !price.result.freeReason && <Empty description="没有计费项" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </div>
      )}
    </Card>
  );
}
