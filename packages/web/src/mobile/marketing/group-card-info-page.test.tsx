import type { GroupCardPublic } from '@parking/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../test/fake-api';
import { bodyOf, failure, quietComputedStyle, renderAt, user } from '../../modules/system/pages/system-page-test-kit';
import { GroupCardInfoPage } from './group-card-info-page';

const card = (overrides: Partial<GroupCardPublic> = {}): GroupCardPublic => ({
  groupName: '腾讯集团',
  groupPhone: '138****5678',
  cardNo: 'JT-0001',
  benefit: 'discount',
  benefitText: '8折',
  plates: ['粤B12345'],
  lotNames: ['万象天地停车场'],
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  state: 'active',
  monthlyQuota: 20,
  remainingQuota: 19,
  allowBind: true,
  maxPlates: 2,
  ...overrides,
});

beforeAll(quietComputedStyle);

describe('集团卡 phone page', { timeout: 60_000 }, () => {
  it('shows the card a token names and binds a checked plate with that token', async () => {
    const calls = installFakeApi({
      'GET /api/open/groupCard': ok(card()),
      'POST /api/open/groupCard/plates': ok(card({ plates: ['粤B12345', '粤C67890'] })),
    });
    renderAt('/groupCardInfo?t=abc.def', '/groupCardInfo', <GroupCardInfoPage />);
    expect(await screen.findByText('腾讯集团')).toBeTruthy();
    expect(screen.getByText('8折')).toBeTruthy();
    expect(screen.getByText('19 次（每月 20 次）')).toBeTruthy();
    expect(calls[0]?.params).toEqual({ t: 'abc.def' });

    fireEvent.change(screen.getByLabelText('车牌号'), { target: { value: '粤C1' } });
    await user.click(screen.getByRole('button', { name: /绑定车牌/ }));
    expect(await screen.findByText('请输入正确的车牌号，如 粤B12345')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('车牌号'), { target: { value: '粤c67890' } });
    await user.click(screen.getByRole('button', { name: /绑定车牌/ }));
    await waitFor(() => expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ t: 'abc.def', plateNumber: '粤C67890' }));
    expect(await screen.findByText('粤C67890')).toBeTruthy();
    // the card is full now: no more binding
    expect(await screen.findByText('已绑定2个车牌，已达上限')).toBeTruthy();
    expect(screen.queryByLabelText('车牌号')).toBeNull();
  });

  it('shows the server’s reason for a tampered token, and nothing of a card', async () => {
    installFakeApi({ 'GET /api/open/groupCard': failure(400, '二维码无效或已被篡改') });
    renderAt('/groupCardInfo?t=forged', '/groupCardInfo', <GroupCardInfoPage />);
    expect(await screen.findByText('二维码无效或已被篡改')).toBeTruthy();
    expect(screen.getByText('无法查看集团卡')).toBeTruthy();
    expect(screen.queryByText('绑定车牌')).toBeNull();
  });

  it('offers no binding on a card that does not allow it', async () => {
    installFakeApi({ 'GET /api/open/groupCard': ok(card({ allowBind: false })) });
    renderAt('/groupCardInfo?t=abc.def', '/groupCardInfo', <GroupCardInfoPage />);
    expect(await screen.findByText('腾讯集团')).toBeTruthy();
    expect(screen.queryByText('绑定车牌')).toBeNull();
  });
});
