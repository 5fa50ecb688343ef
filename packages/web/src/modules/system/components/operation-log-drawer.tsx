import type { OperationLog } from '@parking/contract';
import { Descriptions, Drawer, Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { renderValue } from '../../../shared/resource/resource-columns';
import { formatDateTime } from '../../../shared/resource/value-format';
import { diffFields, type FieldChange } from '../operation-log-diff';
import { operationActionColumn, operationModuleColumn, operationTargetName } from '../operation-log.resource';

const shown = (value: string | undefined) => (value === undefined ? <Typography.Text type="secondary">—</Typography.Text> : <pre className="log-diff-value">{value}</pre>);

const diffColumns: TableColumnType<FieldChange>[] = [
  {
    key: 'field',
    title: '字段',
    width: 150,
    render: (_value, row) => (
      <span className="log-diff-field">
        {row.field}
        {row.changed && <Tag color="orange">已修改</Tag>}
      </span>
    ),
  },
  { key: 'before', title: '修改前', render: (_value, row) => shown(row.before) },
  { key: 'after', title: '修改后', render: (_value, row) => shown(row.after) },
];

interface OperationLogDrawerProps {
  log: OperationLog | undefined;
  onClose: () => void;
}

/** 详情 of one log entry: who, when, from where, and the row before and after, field by field. */
export function OperationLogDrawer({ log, onClose }: OperationLogDrawerProps) {
  const changes = log ? diffFields(log.before, log.after) : [];
  return (
    <Drawer open={log !== undefined} title="操作日志详情" size={760} onClose={onClose} destroyOnHidden>
      {log && (
        <>
          <Descriptions
            className="log-detail"
            bordered
            size="small"
            column={2}
            items={[
              { key: 'createdAt', label: '操作时间', children: formatDateTime(log.createdAt) },
              { key: 'account', label: '账号', children: log.account },
              { key: 'module', label: '模块', children: renderValue(operationModuleColumn, log.module) },
              { key: 'action', label: '操作', children: renderValue(operationActionColumn, log.action) },
              { key: 'target', label: '对象', children: operationTargetName(log.target) },
              { key: 'targetId', label: '对象编号', children: log.targetId || '—' },
              { key: 'summary', label: '说明', span: 2, children: log.summary },
              { key: 'ip', label: 'IP', span: 2, children: log.ip || '—' },
              { key: 'userAgent', label: '浏览器', span: 2, children: log.userAgent || '—' },
            ]}
          />
          <Typography.Title level={5} className="log-diff-title">
            修改前后对比
          </Typography.Title>
          {changes.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这条操作没有记录修改前后的数据" />
          ) : (
            <Table<FieldChange>
              className="log-diff"
              size="small"
              rowKey="field"
              columns={diffColumns}
              dataSource={changes}
              pagination={false}
              rowClassName={(row) => (row.changed ? 'log-diff-changed' : '')}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
