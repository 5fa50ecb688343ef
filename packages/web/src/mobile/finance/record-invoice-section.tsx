import { formatAmount, type RecordInvoice, type RecordInvoices } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Tag } from 'antd';
import { useState } from 'react';
import { invoiceStateBadges, recordInvoiceApi } from '../../modules/finance';
import { formatBusiness } from '../../shared/time/business-time';
import { checkedBuyer, driverInvoiceStateNames, emptyBuyer, type Buyer } from './invoice-buyer';
import { InvoiceBuyerFields } from './invoice-buyer-fields';

const waiting = (invoice: RecordInvoice) => invoice.state === 'pending' || invoice.state === 'issuing';

function RecordInvoiceItem({ token, invoice }: { token: string; invoice: RecordInvoice }) {
  const { message } = App.useApp();
  const download = () => recordInvoiceApi.download(token, invoice).catch((error: unknown) => void message.error(error instanceof Error ? error.message : '下载失败'));
  return (
    <div className="record-invoice__item" data-testid="record-invoice">
      <div className="record-invoice__head">
        <span>{invoice.buyerTitle}</span>
        <Tag color={invoiceStateBadges[invoice.state]}>{driverInvoiceStateNames[invoice.state]}</Tag>
      </div>
      <div className="record-invoice__facts">
        {formatAmount(invoice.amount)} 元 · 申请于 {formatBusiness(invoice.requestedAt, 'MM-DD HH:mm')}
        {invoice.invoiceNo && <div>发票号码 {invoice.invoiceNo}</div>}
      </div>
      {invoice.hasPdf && (invoice.state === 'issued' || invoice.state === 'redPending') && (
        <Button type="primary" ghost size="small" onClick={() => void download()}>
          下载发票PDF
        </Button>
      )}
    </div>
  );
}

/**
 * 电子发票 on the driver's order page: once the stay is paid online and not yet invoiced, 申请电子发票
 * opens the same buyer form as 我的发票; the invoices asked for here follow with their state and,
 * once issued, the PDF. Everything goes by the page's record token.
 */
export function RecordInvoiceSection({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const key = ['driverPay', 'invoices', token];
  const invoices = useQuery({
    queryKey: key,
    queryFn: () => recordInvoiceApi.list(token),
    retry: false,
    // staff issue it meanwhile: look again while one is on its way
    refetchInterval: (query) => (query.state.data?.invoices.some(waiting) ? 15_000 : false),
  });
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Buyer>();
  const request = useMutation({ mutationFn: recordInvoiceApi.request });
  if (!invoices.data) return null;
  const { invoiceable, invoices: list } = invoices.data;
  if (invoiceable <= 0 && list.length === 0) return null;

  const submit = async () => {
    const buyer = await checkedBuyer(form);
    if (!buyer || request.isPending) return;
    const made = await request.mutateAsync({ o: token, ...buyer }).catch(() => undefined);
    if (!made) return;
    queryClient.setQueryData<RecordInvoices>(key, (old) => ({ invoiceable: 0, invoices: [made, ...(old?.invoices ?? []).filter((i) => i.id !== made.id)] }));
    void queryClient.invalidateQueries({ queryKey: key });
    setOpen(false);
    form.resetFields();
    void message.success('开票申请已提交');
  };

  return (
    <section className="driver-pay__card record-invoice">
      <div className="record-complaint__title">电子发票</div>
      {list.map((invoice) => (
        <RecordInvoiceItem key={invoice.id} token={token} invoice={invoice} />
      ))}
      {invoiceable > 0 &&
        (open ? (
          <Form form={form} layout="vertical" initialValues={emptyBuyer}>
            <InvoiceBuyerFields form={form} />
            {request.error && <Alert type="error" showIcon title={request.error.message} style={{ marginBottom: 12 }} />}
            <Button type="primary" block loading={request.isPending} onClick={() => void submit()}>
              提交开票申请（{formatAmount(invoiceable)} 元）
            </Button>
            <Button type="link" block onClick={() => setOpen(false)}>
              取消
            </Button>
          </Form>
        ) : (
          <Button block onClick={() => setOpen(true)}>
            申请电子发票
          </Button>
        ))}
    </section>
  );
}
