import { formatAmount, invoiceStateNames, type Invoice, type InvoiceablePayment } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Form, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/http/api-error';
import { formatBusiness } from '../../shared/time/business-time';
import { invoiceStateBadges, ownerInvoiceApi } from '../../modules/finance';
import { OwnerLayout, OwnerLoad } from '../customers/owner-layout';
import { checkedBuyer, emptyBuyer, type Buyer } from './invoice-buyer';
import { InvoiceBuyerFields } from './invoice-buyer-fields';

const invoicesKey = ['owner', 'invoices'] as const;
const paymentsKey = ['owner', 'invoices', 'payments'] as const;
const shownTime = (iso: string) => formatBusiness(iso, 'YYYY-MM-DD HH:mm');

function InvoiceItem({ invoice }: { invoice: Invoice }) {
  const { message } = App.useApp();
  const download = () => ownerInvoiceApi.download(invoice).catch((error: unknown) => void message.error(error instanceof Error ? error.message : '下载失败'));
  return (
    <div className="owner-complaint" data-testid="owner-invoice">
      <div className="owner-stay__head">
        <span className="owner-stay__lot">{invoice.buyerTitle}</span>
        <Tag color={invoiceStateBadges[invoice.state]}>{invoiceStateNames[invoice.state]}</Tag>
      </div>
      <dl className="owner-stay__rows">
        <dt>停车场</dt>
        <dd>{invoice.lotName}</dd>
        <dt>开票金额</dt>
        <dd>{formatAmount(invoice.amount)} 元</dd>
        <dt>申请时间</dt>
        <dd>{shownTime(invoice.requestedAt)}</dd>
        {invoice.invoiceNo && (
          <>
            <dt>发票号码</dt>
            <dd>{invoice.invoiceNo}</dd>
          </>
        )}
      </dl>
      {invoice.hasPdf && (invoice.state === 'issued' || invoice.state === 'redPending') && (
        <Button type="primary" ghost size="small" onClick={() => void download()}>
          下载发票PDF
        </Button>
      )}
    </div>
  );
}

/** The request form: the payments of one lot ticked, then the buyer; a company needs its tax number. */
function RequestForm({ payments, onDone }: { payments: InvoiceablePayment[]; onDone: (invoice: Invoice) => void }) {
  const [form] = Form.useForm<Buyer>();
  const [chosen, setChosen] = useState<string[]>([]);
  const lotOfChosen = payments.find((p) => chosen.includes(p.paymentId))?.lotId;
  const request = useMutation({ mutationFn: ownerInvoiceApi.request });
  const { message } = App.useApp();
  const submit = async () => {
    const buyer = await checkedBuyer(form);
    if (!buyer) return;
    if (chosen.length === 0) {
      void message.error('请选择要开票的支付记录');
      return;
    }
    try {
      onDone(await request.mutateAsync({ ...buyer, paymentIds: chosen }));
      setChosen([]);
      form.resetFields();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : '提交失败，请稍后再试');
    }
  };
  const total = payments.filter((p) => chosen.includes(p.paymentId)).reduce((sum, p) => sum + p.amount, 0);
  return (
    <section className="owner-card">
      <div className="owner-card__title">申请开票</div>
      {payments.length === 0 ? (
        <Empty description="暂无可开票的支付" />
      ) : (
        <>
          <p className="owner-hint">一张发票只能包含同一停车场的支付</p>
          <Checkbox.Group value={chosen} onChange={(values) => setChosen(values)} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {payments.map((p) => (
              <Checkbox key={p.paymentId} value={p.paymentId} disabled={lotOfChosen !== undefined && p.lotId !== lotOfChosen}>
                {p.lotName} {p.plateNumber} {shownTime(p.paidAt)} {formatAmount(p.amount)} 元
              </Checkbox>
            ))}
          </Checkbox.Group>
          <Form form={form} layout="vertical" initialValues={emptyBuyer} style={{ marginTop: 12 }}>
            <InvoiceBuyerFields form={form} />
            <Button type="primary" block loading={request.isPending} onClick={() => void submit()}>
              提交开票申请{total > 0 ? `（${formatAmount(total)} 元）` : ''}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

/** 我的发票 (/owner/invoices): ask for an e-invoice of paid stays, follow it, and download the PDF once issued. */
export function OwnerInvoicesPage() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const invoices = useQuery({ queryKey: invoicesKey, queryFn: ownerInvoiceApi.list, retry: false });
  const payments = useQuery({ queryKey: paymentsKey, queryFn: ownerInvoiceApi.payments, retry: false });
  const requested = (invoice: Invoice) => {
    queryClient.setQueryData<Invoice[]>(invoicesKey, (list = []) => [invoice, ...list]);
    void queryClient.invalidateQueries({ queryKey: paymentsKey });
    void message.success('开票申请已提交');
  };
  return (
    <OwnerLayout title="我的发票">
      <OwnerLoad pending={invoices.isPending || payments.isPending} error={invoices.error ?? payments.error}>
        {() => (
          <>
            <RequestForm payments={payments.data ?? []} onDone={requested} />
            <section className="owner-card">
              <div className="owner-card__title">开票记录</div>
              {invoices.data?.length ? invoices.data.map((i) => <InvoiceItem key={i.id} invoice={i} />) : <Empty description="暂无发票" />}
            </section>
          </>
        )}
      </OwnerLoad>
    </OwnerLayout>
  );
}
