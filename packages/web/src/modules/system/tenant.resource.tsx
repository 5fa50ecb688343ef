import { bigScreenTypeNames, tenantEndpoints, type Tenant, type TenantListQuery } from '@parking/contract';
import { Tag } from 'antd';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';

export const tenantEnabledEnum: ValueEnum = {
  '1': { text: '启用', status: 'success' },
  '0': { text: '停用', status: 'default' },
};

export const bigScreenEnum: ValueEnum = Object.fromEntries(Object.entries(bigScreenTypeNames).map(([value, text]) => [value, { text }]));

/** 系统管理 > 租户: the operator companies on the platform; only the platform's own administrators see it. */
export const tenantResource = defineResource<Tenant & { keyword?: string }, TenantListQuery>({
  resource: 'tenant',
  name: '租户',
  endpoints: tenantEndpoints,
  rowKey: 'id',
  actions: {},
  columns: [
    { dataIndex: 'keyword', title: '关键字', hideInTable: true, search: { placeholder: '编码、名称或标题' } },
    {
      dataIndex: 'logo',
      title: 'Logo',
      width: 80,
      hideInSearch: true,
      render: (value, record) => (value ? <img className="tenant-logo-cell" src={String(value)} alt={`${record.title} Logo`} /> : <span className="muted">未上传</span>),
    },
    {
      dataIndex: 'code',
      title: '租户编码',
      priority: 'key',
      width: 120,
      hideInSearch: true,
      render: (value, record) => (
        <>
          {String(value)}
          {record.isPlatform && (
            <Tag color="gold" style={{ marginInlineStart: 8 }}>
              平台
            </Tag>
          )}
        </>
      ),
    },
    { dataIndex: 'name', title: '企业名称', priority: 'key', width: 200, ellipsis: true, hideInSearch: true },
    { dataIndex: 'title', title: '平台标题', priority: 'secondary', width: 160, ellipsis: true, hideInSearch: true },
    { dataIndex: 'bigScreenType', title: '大屏类型', priority: 'secondary', valueType: 'select', valueEnum: bigScreenEnum, width: 120, hideInSearch: true },
    {
      dataIndex: 'enabled',
      title: '状态',
      valueType: 'select',
      valueEnum: tenantEnabledEnum,
      width: 90,
      render: (value) => (value ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true },
  ],
});
