import type { BackupOverview, UserInfo } from '@parking/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store';
import { installFakeApi, ok } from '../../../test/fake-api';
import { sizeText } from '../backup-api';
import { BackupPage } from './backup-page';
import { quietComputedStyle, renderAt, saved, user } from './system-page-test-kit';

const overview = (over: Partial<BackupOverview> = {}): BackupOverview => ({
  database: 'embedded',
  running: false,
  nightly: { enabled: true, hour: 3, keep: 7 },
  list: [],
  ...over,
});

const kept = [
  { name: 'backup-20261129-190000Z.tar.gz', createdAt: '2026-11-29T19:00:00.000Z', bytes: 6_558_079 },
  { name: 'backup-20261128-190000Z.tar.gz', createdAt: '2026-11-28T19:00:00.000Z', bytes: 812_000 },
];

const signedInAs = (isAdministrator: boolean) => useSessionStore.setState({ user: { isAdministrator } as UserInfo });

beforeAll(() => quietComputedStyle());
afterEach(() => useSessionStore.setState({ user: null }));

describe('系统管理 > 备份', () => {
  it('says 暂无备份 when none is kept, and shows the nightly setting', async () => {
    signedInAs(true);
    installFakeApi({ 'GET /api/system/Backup': ok(overview()) });
    renderAt('/system/backup', '/system/backup', <BackupPage />);
    expect((await screen.findAllByText('暂无备份')).length).toBeGreaterThan(0);
    expect(screen.getByText('每天 03:00，保留 7 份')).toBeTruthy();
    expect(screen.getByRole('button', { name: /立即备份/ }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the last backup in Beijing time with its size, and 下载 on each row for an administrator', async () => {
    signedInAs(true);
    installFakeApi({ 'GET /api/system/Backup': ok(overview({ list: kept })) });
    renderAt('/system/backup', '/system/backup', <BackupPage />);
    expect(await screen.findAllByText('2026-11-30 03:00:00')).toHaveLength(2);
    expect(screen.getByText('每天 03:00，保留 7 份')).toBeTruthy();
    const rows = screen.getAllByRole('row').filter((row) => row.classList.contains('ant-table-row'));
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('6.3 MB')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: /下载/ })).toBeTruthy();
  });

  it('hides 下载 from a user who is not an administrator (the server refuses them too)', async () => {
    signedInAs(false);
    installFakeApi({ 'GET /api/system/Backup': ok(overview({ list: kept })) });
    renderAt('/system/backup', '/system/backup', <BackupPage />);
    expect(await screen.findAllByText('2026-11-30 03:00:00')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /下载/ })).toBeNull();
  });

  it('asks before 立即备份, then starts it', async () => {
    signedInAs(true);
    const calls = installFakeApi({ 'GET /api/system/Backup': ok(overview()), 'POST /api/system/Backup': saved('已开始备份', { running: true }) });
    renderAt('/system/backup', '/system/backup', <BackupPage />);
    await user.click(await screen.findByRole('button', { name: /立即备份/ }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /备\s?份/ }));
    expect(await screen.findByText('已开始备份')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('writes sizes as people read them', () => {
    expect([sizeText(512), sizeText(2048), sizeText(6_558_079), sizeText(3 * 1024 ** 3)]).toEqual(['512 B', '2 KB', '6.3 MB', '3.00 GB']);
  });
});
