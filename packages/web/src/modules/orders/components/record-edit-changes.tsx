import {
  changedEditFields,
  formatAmount,
  parkingRecordStateNames,
  plateColourName,
  recordEditFieldNames,
  type RecordEditField,
  type RecordEditKind,
  type RecordEditRequest,
  type RecordEditSnapshot,
} from '@parking/contract';
import { Table, Typography } from 'antd';
import { formatDateTime } from '../../../shared/resource/value-format';

/** the fields each kind of correction is about, before anything else it happened to change */
const kindFields: Readonly<Record<RecordEditKind, readonly RecordEditField[]>> = {
  plate: ['plateNumber', 'plateColour'],
  times: ['enteredAt', 'exitedAt', 'amountDue', 'unpaid', 'state'],
  amount: ['amountDue', 'unpaid', 'state'],
  void: ['state', 'amountDue', 'unpaid'],
};

const moneyFields: ReadonlySet<RecordEditField> = new Set(['amountDue', 'discount', 'paid', 'unpaid']);

/** One field's value as staff read it: Shanghai times, yuan with two decimals, state and colour names. */
export function editFieldText(field: RecordEditField, value: RecordEditSnapshot[RecordEditField] | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'enteredAt' || field === 'exitedAt') return formatDateTime(value);
  if (field === 'plateColour') return plateColourName(value as number);
  if (field === 'state') return parkingRecordStateNames[value as RecordEditSnapshot['state']];
  if (moneyFields.has(field)) return `${formatAmount(value as number)} 元`;
  return String(value);
}

/** What was asked for, field by field; money a new time brings is priced on approval. */
function requestedText(edit: RecordEditRequest, field: RecordEditField): string {
  const r = edit.requested;
  switch (field) {
    case 'plateNumber':
      return edit.kind === 'plate' ? (r.plateNumber ?? '—') : '';
    case 'plateColour':
      return edit.kind === 'plate' ? plateColourName(r.plateColour ?? 0) : '';
    case 'enteredAt':
      return edit.kind === 'times' ? editFieldText(field, r.enteredAt) : '';
    case 'exitedAt':
      return edit.kind === 'times' ? editFieldText(field, r.exitedAt) : '';
    case 'amountDue':
      if (edit.kind === 'amount') return editFieldText(field, r.amountDue);
      return edit.kind === 'times' ? '按计费规则重新计算' : edit.kind === 'void' ? '优惠 + 已付' : '';
    case 'unpaid':
      return edit.kind === 'void' ? '0.00 元' : edit.kind === 'plate' ? '' : '应收 − 优惠 − 已付';
    case 'state':
      return edit.kind === 'void' ? '已作废' : '';
    default:
      return '';
  }
}

interface ChangeRow {
  field: RecordEditField;
  before: string;
  requested: string;
  after: string;
  changed: boolean;
}

export function editRows(edit: RecordEditRequest): ChangeRow[] {
  const changed = edit.before && edit.after ? changedEditFields(edit.before, edit.after) : [];
  const fields = [...new Set([...kindFields[edit.kind], ...changed])];
  return fields.map((field) => ({
    field,
    before: editFieldText(field, edit.before?.[field]),
    requested: requestedText(edit, field),
    after: edit.after ? editFieldText(field, edit.after[field]) : '—',
    changed: changed.includes(field),
  }));
}

/** 修改前 / 申请修改为 / 修改后 of one correction, the changed values in bold. */
export function RecordEditChanges({ edit }: { edit: RecordEditRequest }) {
  const suggested = edit.kind === 'amount' ? edit.requested.suggestedAmountDue : null;
  return (
    <>
      <Table<ChangeRow>
        className="record-edit-changes"
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={editRows(edit)}
        columns={[
          { key: 'field', title: '项目', dataIndex: 'field', width: 90, render: (field: RecordEditField) => recordEditFieldNames[field] },
          { key: 'before', title: '修改前', dataIndex: 'before' },
          { key: 'requested', title: '申请修改为', dataIndex: 'requested' },
          {
            key: 'after',
            title: '修改后',
            dataIndex: 'after',
            render: (text: string, row) => (row.changed ? <Typography.Text strong>{text}</Typography.Text> : text),
          },
        ]}
      />
      {suggested !== null && suggested !== undefined && (
        <Typography.Text type="secondary" className="record-edit-changes__hint">
          按计费规则重算的应收为 {formatAmount(suggested)} 元（仅供参考）
        </Typography.Text>
      )}
    </>
  );
}
