import { checkMobile } from '@parking/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formRules, formValuesToBody, recordToFormValues } from './form-values';
import type { ResourceColumn } from './resource-types';

interface Tariff {
  name: string;
  capPerDay: number;
  lotType: number;
  effectiveFrom: string;
  enabled: string;
  mobile: string;
  creatorTime: string;
}

const columns: ReadonlyArray<ResourceColumn<Tariff>> = [
  { dataIndex: 'name', title: '名称', rules: [{ required: true }, { max: 20 }] },
  { dataIndex: 'capPerDay', title: '每日封顶', valueType: 'money' },
  { dataIndex: 'lotType', title: '类型', valueType: 'select', valueEnum: { '0': { text: '路内' }, '1': { text: '路外' } } },
  { dataIndex: 'effectiveFrom', title: '生效时间', valueType: 'date' },
  { dataIndex: 'enabled', title: '启用', valueType: 'switch', switchValues: ['N', 'Y'] },
  { dataIndex: 'mobile', title: '联系电话', rules: [{ check: checkMobile }] },
  { dataIndex: 'creatorTime', title: '创建时间', valueType: 'date', hideInForm: true },
];

const row: Tariff = {
  name: '标准',
  capPerDay: 3000,
  lotType: 1,
  effectiveFrom: '2026-01-01T00:00:00.000Z',
  enabled: 'Y',
  mobile: '13800138000',
  creatorTime: '2026-01-01T00:00:00.000Z',
};

const run = async (rules: ReturnType<typeof formRules>, value: unknown) => {
  for (const rule of rules) {
    if (typeof rule === 'object' && rule.validator) await rule.validator(rule, value, () => undefined);
  }
};

describe('create and edit share one mapping', () => {
  it('a row becomes form values: yuan text, Dayjs, boolean, select key; hidden fields left out', () => {
    const values = recordToFormValues(columns, row);
    expect(values).toMatchObject({ name: '标准', capPerDay: '30.00', lotType: '1', enabled: true, mobile: '13800138000' });
    expect(dayjs.isDayjs(values.effectiveFrom)).toBe(true);
    // the picker shows the Shanghai wall time, whatever the browser's zone
    expect((values.effectiveFrom as dayjs.Dayjs).format('YYYY-MM-DD HH:mm')).toBe('2026-01-01 08:00');
    expect(values).not.toHaveProperty('creatorTime');
    expect(recordToFormValues(columns, undefined)).toEqual({});
  });

  it('form values become the body: fen, ISO time, the switch API values, numeric select keys as numbers', () => {
    const body = formValuesToBody(columns, { ...recordToFormValues(columns, row), name: '  标准 ', capPerDay: '12.34' });
    expect(body).toEqual({
      name: '标准',
      capPerDay: 1234,
      lotType: 1,
      // the same moment, sent as the Shanghai wall time the picker showed
      effectiveFrom: '2026-01-01T08:00:00+08:00',
      enabled: 'Y',
      mobile: '13800138000',
    });
    expect(formValuesToBody(columns, {})).toMatchObject({ capPerDay: null, lotType: null, effectiveFrom: null, enabled: 'N' });
  });

  it('money input becomes exact fen; a bad amount is refused by the rule, never rounded', async () => {
    expect(formValuesToBody(columns, { capPerDay: '0.1' })).toMatchObject({ capPerDay: 10 });
    expect(formValuesToBody(columns, { capPerDay: '' })).toMatchObject({ capPerDay: null });
    const rules = formRules(columns.find((c) => c.dataIndex === 'capPerDay')!);
    await expect(run(rules, '12.345')).rejects.toThrow('每日封顶最多两位小数');
    await expect(run(rules, '12.34')).resolves.toBeUndefined();
  });
});

describe('descriptor rules', () => {
  it('required and max become antd rules with Chinese messages', () => {
    expect(formRules(columns[0]!)).toEqual([
      { required: true, message: '请输入名称' },
      { max: 20, message: '名称最多20个字符' },
    ]);
  });

  it('a contract checker becomes a validator with its message', async () => {
    const rules = formRules(columns[5]!);
    await expect(run(rules, '12345')).rejects.toThrow('请输入正确的电话号码');
    await expect(run(rules, '13800138000')).resolves.toBeUndefined();
    await expect(run(rules, '')).resolves.toBeUndefined();
  });
});
