import { formatAmount, formatDuration, noOnlinePayMessage, type DriverOrder } from '@parking/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/resource/value-format';
import { driverPayApi, goToCashier } from '../driver-pay-api';
import { DriverError } from './driver-error';
import '../../../mobile/mobile.css';
import '../components/driver-pay.css';

const yuan = (fen: number) => `¥${formatAmount(fen)}`;

function OrderFacts({ order }: { order: DriverOrder }) {
  const rows: Array<[string, string]> = [
    ['停车场', order.lotName],
    ['车牌号', order.plateNumber],
    ['入场时间', order.enteredAt ? formatDateTime(order.enteredAt) : '无入场记录'],
    [order.exited ? '出场时间' : '计费截止', formatDateTime(order.until)],
    ['停车时长', formatDuration(order.durationSeconds)],
    ['应收金额', yuan(order.amountDue)],
    ['优惠金额', yuan(order.discount)],
    ['已付金额', yuan(order.paid)],
    ['待付金额', yuan(order.unpaid)],
  ];
  return (
    <dl className="driver-pay__rows">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderSummary({ order, onPay, paying, payError }: { order: DriverOrder; onPay: () => void; paying: boolean; payError: string | undefined }) {
  if (order.state === 'unpaid') {
    return (
      <>
        <div className="driver-pay__state">待支付</div>
        <div className="driver-pay__amount" data-testid="driver-unpaid">
          <small>¥</small>
          {formatAmount(order.unpaid)}
        </div>
        {order.paying && <Alert type="info" showIcon message="正在确认支付结果，请稍候……" style={{ marginBottom: 12 }} />}
        {payError && <Alert type="error" showIcon message={payError} style={{ marginBottom: 12 }} />}
        {order.onlinePay ? (
          <Button type="primary" block size="large" loading={paying} onClick={onPay}>
            支付 {yuan(order.unpaid)}
          </Button>
        ) : (
          <Alert type="warning" showIcon message={noOnlinePayMessage} />
        )}
      </>
    );
  }
  const leave = order.leaveBefore
    ? `请在 ${formatDateTime(order.leaveBefore)} 前离场（缴费后 ${order.graceMinutes} 分钟内免费离场）`
    : order.exited
      ? '订单已结清，祝您一路顺风'
      : '无需再付费';
  return <Result status="success" title={order.state === 'paid' ? '已支付' : '无需支付'} subTitle={<span className="driver-pay__paid">{leave}</span>} style={{ padding: '16px 0 0' }} />;
}

/** The order page behind /orderInfoByQRcode and /pdaScanQrcode: the stay, what it costs, and 支付. */
function DriverOrderView({ title }: { title: string }) {
  const [search] = useSearchParams();
  const token = search.get('o') ?? '';
  const order = useQuery({
    queryKey: ['driverPay', 'order', token],
    enabled: token !== '',
    retry: false,
    queryFn: () => driverPayApi.order(token),
    // back from the cashier before the provider's notice: look again until it has come
    refetchInterval: (query) => (query.state.data?.paying ? 2_000 : false),
  });
  const pay = useMutation({ mutationFn: () => driverPayApi.pay(token), onSuccess: ({ cashierUrl }) => goToCashier.assign(cashierUrl) });

  const body = (() => {
    if (token === '') return <DriverError message="二维码无效，请重新扫码" />;
    if (order.isPending) return <Spin size="large" className="scan-landing__spin" />;
    if (order.isError) return <DriverError message={order.error.message} />;
    return (
      <div className="driver-pay">
        <section className="driver-pay__card">
          <OrderSummary order={order.data} onPay={() => pay.mutate()} paying={pay.isPending || pay.isSuccess} payError={pay.error?.message} />
        </section>
        <section className="driver-pay__card">
          <OrderFacts order={order.data} />
        </section>
      </div>
    );
  })();

  return (
    <main className="mobile-page">
      <header className="mobile-page__header">{title}</header>
      {body}
    </main>
  );
}

/** /orderInfoByQRcode?o=…: the order found by 扫码出场. */
export const OrderInfoPage = () => <DriverOrderView title="订单详情" />;
/** /pdaScanQrcode?o=…: the order an attendant's PDA shows as a QR code. */
export const PdaPayPage = () => <DriverOrderView title="扫码支付" />;
