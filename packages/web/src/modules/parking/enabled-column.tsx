import { Badge } from 'antd';
import type { ResourceColumn, ValueEnum } from '../../shared/resource/resource-types';

/** The filter speaks 1/0 (the API's enabled mark), the rows a boolean. */
export const enabledEnum: ValueEnum = {
  '1': { text: '启用', status: 'success' },
  '0': { text: '停用', status: 'default' },
};

export const enabledBadge = (enabled: boolean) => (enabled ? <Badge status="success" text="启用" /> : <Badge status="default" text="停用" />);

/** 状态: a badge in the table, a 启用/停用 select in the search form. */
export const enabledColumn = <T extends { enabled: boolean }, Q>(): ResourceColumn<T, Q> => ({
  dataIndex: 'enabled',
  title: '状态',
  width: 90,
  valueEnum: enabledEnum,
  render: (_value, record) => enabledBadge(record.enabled),
});
