import { groupInput, longRentalInput, refundDecision } from '@parking/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { daysToRange, DateRangeField, rangeToDays } from './date-range-field';
import { EnabledField } from './enabled-field';
import { MoneyField, MoneyFilterInput } from './money-field';
import { PhoneField, phoneText } from './phone-field';
import { PlateColourField, contractPlateColourOptions, PlateField, plateText } from './plate-field';
import { RemarkField, remarkText, schemaMaxLength } from './remark-field';
import { lineText, TextField } from './text-field';

/** A form around the fields with a 保存 button; onSave gets the values once they pass. */
function renderForm(fields: ReactNode, initialValues: Record<string, unknown> = {}) {
  const onSave = vi.fn();
  function Harness() {
    const [form] = Form.useForm();
    return (
      <Form form={form} initialValues={initialValues} onFinish={onSave}>
        {fields}
        <Button htmlType="submit">保存</Button>
      </Form>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Harness />
      </App>
    </QueryClientProvider>,
  );
  return { onSave, save: () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })) };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('MoneyField', () => {
  it('says a blank is required and a third decimal is wrong, keeping what was typed', async () => {
    const { onSave, save } = renderForm(<MoneyField name="amount" label="金额" required="请输入金额" schema={longRentalInput.shape.monthlyPrice} noun="月租金额" />);
    save();
    expect(await screen.findByText('请输入金额')).toBeTruthy();
    type('金额', '12.345');
    expect(await screen.findByText('月租金额最多两位小数')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('金额').value).toBe('12.345');
    type('金额', '-1');
    expect(await screen.findByText('月租金额不能为负数')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('passes a fine amount through as the typed text', async () => {
    const { onSave, save } = renderForm(<MoneyField name="amount" label="金额" required="请输入金额" />, { amount: '12.50' });
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ amount: '12.50' }));
  });
});

describe('MoneyFilterInput', () => {
  it('holds fen for the query and filters nothing for a bad amount, shown red', () => {
    const onChange = vi.fn();
    render(<MoneyFilterInput placeholder="最低金额" value={undefined} onChange={onChange} />);
    const input = screen.getByPlaceholderText('最低金额');
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(onChange).toHaveBeenLastCalledWith('1250');
    fireEvent.change(input, { target: { value: '12.505' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('PhoneField', () => {
  it('checks a mainland mobile number and lets an optional one be blank', async () => {
    const { onSave, save } = renderForm(<PhoneField label="手机号" name="mobile" />);
    type('手机号', '12345678901');
    save();
    expect(await screen.findByText('请输入正确的电话号码')).toBeTruthy();
    type('手机号', '');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(phoneText(' 13800000000 ')).toBe('13800000000');
  });

  it('says a required one is missing', async () => {
    const { save } = renderForm(<PhoneField required="请输入联系电话" />);
    save();
    expect(await screen.findByText('请输入联系电话')).toBeTruthy();
  });
});

describe('PlateField', () => {
  it("upper-cases as typed and checks the contract's plate rule", async () => {
    const { onSave, save } = renderForm(<PlateField required="请输入车牌号" />);
    save();
    expect(await screen.findByText('请输入车牌号')).toBeTruthy();
    type('车牌号', '粤b1234');
    expect(await screen.findByText('请输入正确的车牌号，如 粤B12345')).toBeTruthy();
    type('车牌号', '粤b12345');
    expect(screen.getByLabelText<HTMLInputElement>('车牌号').value).toBe('粤B12345');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ plateNumber: '粤B12345' }));
    expect(plateText(' 粤b12345 ')).toBe('粤B12345');
  });

  it('holds the colour code picked from fixed options', async () => {
    const { onSave, save } = renderForm(<PlateColourField options={contractPlateColourOptions} />, { plateColour: 2 });
    expect(screen.getByText('黄色')).toBeTruthy();
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ plateColour: 2 }));
  });
});

describe('DateRangeField', () => {
  it('converts two business days to a range and back', () => {
    const range = daysToRange('2026-01-01', '2026-12-31');
    expect(rangeToDays(range)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(daysToRange(null, '2026-12-31')).toBeNull();
    expect(rangeToDays(null)).toEqual({ from: '', to: '' });
  });

  it('says a required range is missing', async () => {
    const { save } = renderForm(<DateRangeField required="请选择有效期" />);
    save();
    expect(await screen.findByText('请选择有效期')).toBeTruthy();
  });

  it('passes a picked range', async () => {
    const picked = renderForm(<DateRangeField />, { validRange: [dayjs('2026-01-01'), dayjs('2026-01-31')] });
    picked.save();
    await waitFor(() => expect(rangeToDays(picked.onSave.mock.calls[0]?.[0].validRange)).toEqual({ from: '2026-01-01', to: '2026-01-31' }));
  });
});

describe('RemarkField', () => {
  it("reads the length limit from the contract's schema, plain or with a default", () => {
    expect(schemaMaxLength(groupInput.shape.remark)).toBe(200);
    expect(schemaMaxLength(refundDecision.shape.remark)).toBe(255);
  });

  it('counts towards the limit and says a required text is missing', async () => {
    const { save } = renderForm(<RemarkField schema={refundDecision.shape.remark} label="驳回原因" required="请填写驳回原因" />);
    expect(screen.getByText('0 / 255')).toBeTruthy();
    save();
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(remarkText('  重复扣费 ')).toBe('重复扣费');
  });
});

describe('EnabledField', () => {
  it('is the 状态 switch, held as a boolean', async () => {
    const { onSave, save } = renderForm(<EnabledField />, { enabled: true });
    fireEvent.click(screen.getByRole('switch'));
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ enabled: false }));
  });
});

describe('TextField', () => {
  it("says a required text is missing, and a text past the contract's limit is refused, not cut", async () => {
    const { onSave, save } = renderForm(<TextField name="name" label="集团名称" schema={groupInput.shape.name} required="请输入集团名称" />);
    save();
    expect(await screen.findByText('请输入集团名称')).toBeTruthy();
    const long = '停'.repeat(65);
    type('集团名称', long);
    // all of it stays in the box, counted against the limit, and the server's message says why
    expect(screen.getByLabelText<HTMLInputElement>('集团名称').value).toBe(long);
    expect(screen.getByText('65 / 64')).toBeTruthy();
    expect(await screen.findByText(groupInput.shape.name.safeParse(long).error!.issues[0]!.message)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    type('集团名称', ' 明湾集团 ');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: ' 明湾集团 ' }));
    expect(lineText(' 明湾集团 ')).toBe('明湾集团');
  });
});
