import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../test/fake-api';
import { OrganizationPage } from './organization-page';
import { bodyOf, bodyRows, failure, organizationTree, quietComputedStyle, renderAt, saved, user } from './system-page-test-kit';

beforeAll(quietComputedStyle);

const fakeServer = () =>
  installFakeApi({
    'GET /api/system/Permission/Organize': ok(organizationTree),
    'POST /api/system/Permission/Organize': saved('新增成功'),
    'DELETE /api/system/Permission/Organize/00000000-0000-4000-8000-00000000000a': failure(400, '组织「总部」下还有1个下级组织，不能删除'),
  });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('组织 page', { timeout: 150_000 }, () => {
  it('shows the tree open, and 新增下级 starts the new organization under its row', async () => {
    const calls = fakeServer();
    renderAt('/system/organize', '/system/organize', <OrganizationPage />);
    await rowOf('运营部');
    expect(bodyRows().map((row) => row.querySelector('td')?.textContent)).toEqual(['总部', '运营部']);

    await user.click(within(await rowOf('运营部')).getByRole('button', { name: '新增下级' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTitle('运营部')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('组织名称'));
    await user.paste('路内组');
    await user.click(within(dialog).getByLabelText('组织编码'));
    await user.paste('road team');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('组织编码只能包含字母、数字、下划线和短横线')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('组织编码'));
    await user.paste('road');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(bodyOf(post)).toEqual({ parentId: '00000000-0000-4000-8000-00000000000b', name: '路内组', code: 'road', sortCode: 0 });
  });

  it("删除 asks first and shows the server's refusal; the organization stays", async () => {
    fakeServer();
    renderAt('/system/organize', '/system/organize', <OrganizationPage />);
    await user.click(within(await rowOf('总部')).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('组织「总部」下还有1个下级组织，不能删除')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
  });
});
