import { formatAmount } from '@parking/contract';
import { Typography } from 'antd';
import { useCustomerOwed } from '../owner-api';

/** 车主's 欠费 cell: what the owner's plates owe now, in 元; red when anything is owed. */
export function OwnerOwedCell({ id }: { id: string }) {
  const owed = useCustomerOwed(id);
  if (owed.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  if (owed.isError) return '-';
  return owed.data > 0 ? <Typography.Text type="danger">{formatAmount(owed.data)}</Typography.Text> : formatAmount(0);
}
