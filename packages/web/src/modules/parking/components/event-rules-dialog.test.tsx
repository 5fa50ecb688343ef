import { defaultLotEventRules, type LotEventRules, type ParkingLot } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { bodyOf, failure, quietComputedStyle, renderAt, saved, user } from '../../system/pages/system-page-test-kit';
import { EventRulesDialog } from './event-rules-dialog';

const lot = { id: 'l-1', name: '万象天地停车场', totalSpaces: 800, freeCount: 512 } as ParkingLot;
const url = '/api/system/Parking/l-1/EventRules';
const custom: LotEventRules = {
  duplicateEntry: 're-open',
  exitWithoutEntry: 'hold',
  firstPeriodMinutes: 30,
  minConfidence: 0.65,
  longStayHours: 48,
  maxStayDays: 30,
  blacklistEntry: 'warn',
  graceReentry: 'continue',
  arrearsAfterMinutes: 120,
};

const open = (put: FakeReply | ((call: RecordedCall) => FakeReply) = (call) => saved('保存成功', bodyOf(call))) => {
  const calls = installFakeApi({ [`GET ${url}`]: ok(custom), [`PUT ${url}`]: put });
  const onClose = vi.fn();
  renderAt('/parkingAdmin/parkingList', '/parkingAdmin/parkingList', <EventRulesDialog lot={lot} onClose={onClose} />);
  return { calls, onClose, puts: () => calls.filter((c) => c.method === 'PUT' && c.url === url) };
};
const dialog = async () => within((await screen.findByText('事件规则 - 万象天地停车场')).closest<HTMLElement>('.ant-modal')!);
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const number = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const typeInto = async (label: string, text: string) => {
  await user.clear(number(label));
  await user.paste(text);
};

beforeAll(quietComputedStyle);

describe('事件规则 dialog', { timeout: 120_000 }, () => {
  it("loads the lot's rules into radios and number inputs, each with its help", async () => {
    open();
    await screen.findByLabelText('首时段(分钟)');
    expect(radio('沿用在场记录').checked).toBe(true);
    expect(radio('异常关闭旧记录并新开').checked).toBe(false);
    expect(radio('待人工处理').checked).toBe(true);
    expect(radio('预警放行').checked).toBe(true);
    expect(radio('续用原订单').checked).toBe(true);
    expect(number('首时段(分钟)').value).toBe('30');
    expect(Number(number('最低识别置信度').value)).toBe(0.65);
    expect(number('超长停车(小时)').value).toBe('48');
    expect(number('最长计费(天)').value).toBe('30');
    expect(screen.getByText(/停车超过此天数的订单只按此天数计费/)).toBeTruthy();
    expect(number('出场未缴费转欠费(分钟)').value).toBe('120');
    expect(screen.getByText(/车牌识别置信度低于此值/)).toBeTruthy();
    expect(screen.getByText(/出口识别到没有入场记录的车辆时/)).toBeTruthy();
  });

  it('refuses a value out of range without calling the server, then sends every rule and says 保存成功', async () => {
    const { puts, onClose } = open();
    await screen.findByLabelText('最低识别置信度');
    await typeInto('最低识别置信度', '1.5');
    await typeInto('首时段(分钟)', '1441');
    await typeInto('超长停车(小时)', '2.5');
    await typeInto('最长计费(天)', '366');
    await user.click((await dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('最低识别置信度应在0到1之间')).toBeTruthy();
    expect(await screen.findByText('首时段应在1到1440分钟之间')).toBeTruthy();
    expect(await screen.findByText('超长停车必须是整数')).toBeTruthy();
    expect(await screen.findByText('最长计费应在1到365天之间')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    await typeInto('最低识别置信度', '0.9');
    await typeInto('首时段(分钟)', '15');
    await typeInto('超长停车(小时)', '48');
    await typeInto('最长计费(天)', '60');
    await user.click(radio('免费放行'));
    await user.click((await dialog()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(bodyOf(puts()[0])).toEqual({ ...custom, minConfidence: 0.9, firstPeriodMinutes: 15, maxStayDays: 60, exitWithoutEntry: 'free' });
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('恢复默认 puts every rule back to its default, and 保存 sends the defaults', async () => {
    const { puts } = open();
    await screen.findByLabelText('首时段(分钟)');
    await user.click((await dialog()).getByRole('button', { name: '恢复默认' }));
    expect(radio('异常关闭旧记录并新开').checked).toBe(true);
    expect(radio('收首时段费').checked).toBe(true);
    expect(radio('拒绝入场').checked).toBe(true);
    expect(radio('新开订单').checked).toBe(true);
    expect(Number(number('首时段(分钟)').value)).toBe(defaultLotEventRules.firstPeriodMinutes);
    expect(Number(number('最低识别置信度').value)).toBe(defaultLotEventRules.minConfidence);
    // nothing is saved until 保存
    expect(puts()).toHaveLength(0);
    await user.click((await dialog()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(bodyOf(puts()[0])).toEqual(defaultLotEventRules);
  });

  it("shows the server's refusal and stays open", async () => {
    const { puts, onClose } = open(failure(400, '请求体 minConfidence：最低识别置信度不能大于1'));
    await screen.findByLabelText('首时段(分钟)');
    await user.click((await dialog()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(await (await dialog()).findByText('保存失败：请求体 minConfidence：最低识别置信度不能大于1')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
