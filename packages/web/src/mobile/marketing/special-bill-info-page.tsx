import { formatAmount, noOnlinePayMessage, specialBillStatusNames, type SpecialBillPublic } from '@parking/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Spin, Tag } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { specialBillOpenApi } from '../../modules/marketing';
import { formatDateTime } from '../../shared/resource/value-format';
import '../mobile.css';
import './marketing-mobile.css';

/** /scanSpeialBillQrcode?t=…: where the printed code lands; the bill is shown on /speialBillInfo with the same token. */
export function SpecialBillScanPage() {
  const [search] = useSearchParams();
  return <Navigate replace to={`/speialBillInfo?t=${encodeURIComponent(search.get('t') ?? '')}`} />;
}

const statusColours = { unpaid: 'warning', paid: 'success', cancelled: 'default' } as const;
const notPayable: Readonly<Record<Exclude<SpecialBillPublic['status'], 'unpaid'>, string>> = { paid: '该账单已支付，无需重复支付', cancelled: '该账单已作废，无需支付' };

/**
 * /speialBillInfo?t=…: a driver's view of a special bill, signed out. The server reads the signed
 * token; a forged or expired one shows its Chinese reason and nothing else.
 */
export function SpecialBillInfoPage() {
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const bill = useQuery({
    queryKey: ['specialBillOpen', token],
    enabled: token !== '',
    retry: false,
    queryFn: () => specialBillOpenApi.info(token),
  });
  const pay = useMutation({
    mutationFn: () => specialBillOpenApi.pay(token),
    onSuccess: ({ payUrl }) => window.location.assign(payUrl),
  });

  const body = (() => {
    if (token === '') return <Result status="warning" title="二维码无效" subTitle="请重新扫描账单二维码" />;
    if (bill.isPending) return <Spin size="large" className="scan-landing__spin" />;
    if (bill.isError) return <Result status="error" title="无法查看账单" subTitle={bill.error.message} />;
    const data = bill.data;
    return (
      <div className="special-bill">
        <div className={`special-bill__amount special-bill__amount--${data.status}`}>
          <div className="special-bill__item">{data.item}</div>
          <div className="special-bill__figure">
            <span className="special-bill__currency">¥</span>
            {formatAmount(data.amount)}
          </div>
          <Tag color={statusColours[data.status]}>{specialBillStatusNames[data.status]}</Tag>
        </div>
        <Descriptions column={1} size="small" bordered className="scan-landing__facts">
          <Descriptions.Item label="停车场">{data.lotName}</Descriptions.Item>
          <Descriptions.Item label="车牌号">{data.plateNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="收费项目">{data.item}</Descriptions.Item>
          <Descriptions.Item label="金额">{formatAmount(data.amount)} 元</Descriptions.Item>
          <Descriptions.Item label="状态">{specialBillStatusNames[data.status]}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(data.createdAt)}</Descriptions.Item>
          {data.paidAt && <Descriptions.Item label="支付时间">{formatDateTime(data.paidAt)}</Descriptions.Item>}
        </Descriptions>
        {data.status !== 'unpaid' && <Alert type={data.status === 'paid' ? 'success' : 'info'} showIcon title={notPayable[data.status]} className="special-bill__notice" />}
        {pay.isError && <Alert type="error" showIcon title={pay.error.message} className="special-bill__notice" />}
        {data.status === 'unpaid' && !data.onlinePay ? (
          <Alert type="warning" showIcon title={noOnlinePayMessage} className="special-bill__notice" />
        ) : (
          <Button type="primary" size="large" block disabled={data.status !== 'unpaid'} loading={pay.isPending} onClick={() => pay.mutate()} className="special-bill__pay">
            立即支付
          </Button>
        )}
      </div>
    );
  })();

  return (
    <main className="mobile-page">
      <header className="mobile-page__header">特殊账单</header>
      {body}
    </main>
  );
}
