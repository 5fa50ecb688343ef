import { formatAmount } from '@parking/contract';
import { Typography } from 'antd';

/** Fen as yuan, red below zero; `sign` puts + before a rise (a ledger line's amount). */
export function SignedYuan({ fen, sign = false }: { fen: number; sign?: boolean }) {
  return <Typography.Text type={fen < 0 ? 'danger' : undefined}>{`${sign && fen > 0 ? '+' : ''}${formatAmount(fen)}`}</Typography.Text>;
}
