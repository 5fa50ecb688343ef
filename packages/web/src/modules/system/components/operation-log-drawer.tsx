import type { OperationLog } from '@parking/contract';
import { Descriptions, Drawer, Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { renderValue } from '../../../shared/resource/resource-columns';
import { formatDateTime } from '../../../shared/resource/value-format';
import { entryChanges, type EntryChanges, type FieldChange } from '../operation-log-diff';
import { operationActionColumn, operationModuleColumn } from '../operation-log.resource';
import { LoggedObjectName, LoggedValueText } from './logged-object-name';

const fieldColumn: TableColumnType<FieldChange> = {
  key: 'field',
  title: '字段',
  width: 170,
  render: (_value, row) => <span className="log-diff-field">{row.label}</span>,
};

/** A creation lists the values it set, a deletion what was deleted, an update each changed field before → after. */
const modes: Record<EntryChanges['mode'], { title: string; tag: { text: string; color: string }; columns: TableColumnType<FieldChange>[] }> = {
  create: {
    title: '新建的内容',
    tag: { text: '新建', color: 'green' },
    columns: [fieldColumn, { key: 'after', title: '值', render: (_value, row) => <LoggedValueText value={row.after} /> }],
  },
  update: {
    title: '修改的字段',
    tag: { text: '已修改', color: 'orange' },
    columns: [
      fieldColumn,
      { key: 'before', title: '修改前', render: (_value, row) => <LoggedValueText value={row.before} /> },
      { key: 'arrow', width: 32, render: () => <span className="log-diff-arrow">→</span> },
      { key: 'after', title: '修改后', render: (_value, row) => <LoggedValueText value={row.after} /> },
    ],
  },
  delete: {
    title: '删除的内容',
    tag: { text: '已删除', color: 'red' },
    columns: [fieldColumn, { key: 'before', title: '删除前的值', render: (_value, row) => <LoggedValueText value={row.before} /> }],
  },
};

interface OperationLogDrawerProps {
  log: OperationLog | undefined;
  onClose: () => void;
}

/** 详情 of one log entry: who, when (Shanghai clock), from where, what object, and what the operation did to it. */
export function OperationLogDrawer({ log, onClose }: OperationLogDrawerProps) {
  const changes = log ? entryChanges(log) : undefined;
  const mode = changes ? modes[changes.mode] : undefined;
  return (
    <Drawer open={log !== undefined} title="操作日志详情" size={760} onClose={onClose} destroyOnHidden>
      {log && changes && mode && (
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
              { key: 'target', label: '对象', span: 2, children: <LoggedObjectName log={log} /> },
              { key: 'summary', label: '说明', span: 2, children: log.summary },
              { key: 'ip', label: 'IP', span: 2, children: log.ip || '—' },
              { key: 'userAgent', label: '浏览器', span: 2, children: log.userAgent || '—' },
            ]}
          />
          <Typography.Title level={5} className="log-diff-title">
            {mode.title}
            <Tag className="log-diff-mode" color={mode.tag.color}>
              {mode.tag.text}
            </Tag>
          </Typography.Title>
          {changes.fields.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={log.before === null && log.after === null ? '这条操作没有记录数据' : '这条操作没有改变任何字段'} />
          ) : (
            <Table<FieldChange> className={`log-diff log-diff--${changes.mode}`} size="small" rowKey="field" columns={mode.columns} dataSource={changes.fields} pagination={false} />
          )}
        </>
      )}
    </Drawer>
  );
}
