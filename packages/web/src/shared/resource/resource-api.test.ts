import { organizationEndpoints, positionEndpoints } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../test/fake-api';
import { exportPathOf, listCall, removeRow, saveRow } from './resource-api';

const positions = { name: '岗位', endpoints: positionEndpoints };
const legacy = { name: '车辆', listPath: '/api/system/Car' };
const written = (msg: string) => ({ status: 200, body: { code: 200, msg, data: null } });

describe('resource calls', () => {
  it('list, create, update and delete through the descriptor’s endpoints', async () => {
    const page = { list: [], pagination: { currentPage: 1, pageSize: 10, total: 0 } };
    const calls = installFakeApi({
      'GET /api/system/Permission/Position': ok(page),
      'POST /api/system/Permission/Position': written('新增成功'),
      'PUT /api/system/Permission/Position/p%201': written('修改成功'),
      'DELETE /api/system/Permission/Position/p%201': written('删除成功'),
    });
    await expect(listCall(positions, { currentPage: '1' })).resolves.toEqual(page);
    expect(calls[0]?.params).toEqual({ currentPage: '1' });
    await expect(saveRow(positions, undefined, { name: '收费员' })).resolves.toBe('新增成功');
    await expect(saveRow(positions, 'p 1', { name: '收费员' })).resolves.toBe('修改成功');
    await expect(removeRow(positions, 'p 1')).resolves.toBe('删除成功');
  });

  it('keeps the path-only form of a descriptor that names no endpoints', async () => {
    installFakeApi({ 'DELETE /api/system/Car/7': written('删除成功'), 'PUT /api/system/Car/7': written('修改成功') });
    await expect(removeRow(legacy, 7)).resolves.toBe('删除成功');
    await expect(saveRow(legacy, 7, {})).resolves.toBe('修改成功');
    expect(exportPathOf(legacy)).toBe('/api/system/Car/Actions/Export');
  });

  it('says which action a resource lacks instead of calling a guessed URL', async () => {
    expect(() => exportPathOf(positions)).toThrow('岗位没有导出接口');
    await expect(removeRow({ name: '组织', endpoints: { list: organizationEndpoints.tree } }, 'x')).rejects.toThrow('组织没有删除接口');
  });
});
