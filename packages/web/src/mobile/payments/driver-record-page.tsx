import { formatAmount, formatDuration, noOnlinePayMessage, type DriverRecord } from '@parking/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { driverPayApi, goToCashier } from '../../modules/payments';
import { formatDateTime } from '../../shared/resource/value-format';
import { RecordInvoiceSection } from '../finance/record-invoice-section';
import { RecordComplaint } from '../service/record-complaint';
import { DriverError } from './driver-error';
import { StayCodeSection } from './stay-code-section';
import '../mobile.css';
import './driver-pay.css';

const yuan = (fen: number) => `¥${formatAmount(fen)}`;

function RecordFacts({ record }: { record: DriverRecord }) {
  const rows: Array<[string, string]> = [
    ['停车场', record.lotName],
    ['车牌号', record.plateNumber],
    ['入场时间', record.enteredAt ? formatDateTime(record.enteredAt) : '无入场记录'],
    [record.exited ? '出场时间' : '计费截止', formatDateTime(record.until)],
    ['停车时长', formatDuration(record.durationSeconds)],
    ['应收金额', yuan(record.amountDue)],
    ['优惠金额', yuan(record.discount)],
    ['已付金额', yuan(record.paid)],
    ['待付金额', yuan(record.unpaid)],
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

function RecordSummary({ record, onPay, paying, payError }: { record: DriverRecord; onPay: () => void; paying: boolean; payError: string | undefined }) {
  if (record.state === 'unpaid') {
    return (
      <>
        <div className="driver-pay__state">待支付</div>
        <div className="driver-pay__amount" data-testid="driver-unpaid">
          <small>¥</small>
          {formatAmount(record.unpaid)}
        </div>
        {record.paying && <Alert type="info" showIcon message="正在确认支付结果，请稍候……" style={{ marginBottom: 12 }} />}
        {payError && <Alert type="error" showIcon message={payError} style={{ marginBottom: 12 }} />}
        {record.onlinePay ? (
          <Button type="primary" block size="large" loading={paying} onClick={onPay}>
            支付 {yuan(record.unpaid)}
          </Button>
        ) : (
          <Alert type="warning" showIcon message={noOnlinePayMessage} />
        )}
      </>
    );
  }
  const leave = record.leaveBefore
    ? `请在 ${formatDateTime(record.leaveBefore)} 前离场（缴费后 ${record.graceMinutes} 分钟内免费离场）`
    : record.exited
      ? '订单已结清，祝您一路顺风'
      : '无需再付费';
  return <Result status="success" title={record.state === 'paid' ? '已支付' : '无需支付'} subTitle={<span className="driver-pay__paid">{leave}</span>} style={{ padding: '16px 0 0' }} />;
}

/** The record page behind /orderInfoByQRcode and /pdaScanQrcode: the stay, what it costs, and 支付. */
function DriverRecordView({ title }: { title: string }) {
  const [search] = useSearchParams();
  const token = search.get('o') ?? '';
  const record = useQuery({
    queryKey: ['driverPay', 'record', token],
    enabled: token !== '',
    retry: false,
    queryFn: () => driverPayApi.record(token),
    // back from the cashier before the provider's notice: look again until it has come
    refetchInterval: (query) => (query.state.data?.paying ? 2_000 : false),
  });
  const pay = useMutation({ mutationFn: () => driverPayApi.pay(token), onSuccess: ({ cashierUrl }) => goToCashier.assign(cashierUrl) });

  const body = (() => {
    if (token === '') return <DriverError message="二维码无效，请重新扫码" />;
    if (record.isPending) return <Spin size="large" className="scan-landing__spin" />;
    if (record.isError) return <DriverError message={record.error.message} />;
    return (
      <div className="driver-pay">
        <section className="driver-pay__card">
          <RecordSummary record={record.data} onPay={() => pay.mutate()} paying={pay.isPending || pay.isSuccess} payError={pay.error?.message} />
        </section>
        <section className="driver-pay__card">
          <RecordFacts record={record.data} />
        </section>
        {!record.data.exited && (
          <section className="driver-pay__card">
            <StayCodeSection token={token} />
          </section>
        )}
        {record.data.state !== 'unpaid' && record.data.paid > 0 && <RecordInvoiceSection token={token} />}
        <section className="driver-pay__card">
          <RecordComplaint token={token} />
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

/** /orderInfoByQRcode?o=…: the record found by 扫码出场. */
export const RecordInfoPage = () => <DriverRecordView title="订单详情" />;
/** /pdaScanQrcode?o=…: the record an attendant's PDA shows as a QR code. */
export const PdaPayPage = () => <DriverRecordView title="扫码支付" />;
