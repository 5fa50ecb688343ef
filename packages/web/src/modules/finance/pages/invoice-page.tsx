import { invoiceStateNames, invoiceUploadFields, formatAmount, type Invoice, type InvoiceUploadFieldsValues } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Popconfirm, Table, Upload } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { downloadInvoicePdf, invoiceResourceKey, issueInvoice, queryInvoice, redFlushInvoice, uploadInvoicePdf } from '../invoice-api';
import { invoiceResource } from '../invoice.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { invoiceResource as openingList } from '../invoice.resource';

const when = (at: string | null) => (at ? new Date(at).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '—');

interface UploadFields {
  invoiceNo: string;
  invoiceCode: string;
  issuedOn: string;
}

/**
 * 上传PDF: the chosen file with the number and date the paper carries (发票号码 20 digits, or 8 with
 * its 发票代码), checked by the contract's rules before it is sent; the server's refusal shows too.
 */
function UploadInvoiceModal({ invoice, file, onCancel, onDone }: { invoice: Invoice; file: File; onCancel: () => void; onDone: (answer: { msg: string }) => void }) {
  const [form] = Form.useForm<UploadFields>();
  const send = useMutation({ mutationFn: (fields: InvoiceUploadFieldsValues) => uploadInvoicePdf(invoice.id, file, fields), onSuccess: onDone });
  const submit = async () => {
    const typed = await form.validateFields().catch(() => undefined);
    if (!typed) return;
    const checked = invoiceUploadFields.safeParse(typed);
    if (!checked.success) {
      form.setFields(checked.error.issues.map((issue) => ({ name: issue.path[0] as keyof UploadFields, errors: [issue.message] })));
      return;
    }
    send.mutate(checked.data);
  };
  return (
    <Modal open title="上传发票PDF" okText="上传" cancelText="取消" confirmLoading={send.isPending} onOk={() => void submit()} onCancel={onCancel} destroyOnHidden>
      <p>
        以「{file.name}」作为「{invoice.buyerTitle}」{formatAmount(invoice.amount)} 元的发票
      </p>
      <Form form={form} layout="vertical" initialValues={{ invoiceNo: '', invoiceCode: '', issuedOn: '' }}>
        <Form.Item name="invoiceNo" label="发票号码" rules={[{ required: true, whitespace: true, message: '请填写发票号码' }]} extra="数电发票20位；电子普通发票8位，须同时填写发票代码">
          <Input maxLength={20} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="invoiceCode" label="发票代码">
          <Input maxLength={12} inputMode="numeric" placeholder="数电发票留空" />
        </Form.Item>
        <Form.Item name="issuedOn" label="开票日期" rules={[{ required: true, message: '请填写开票日期' }]}>
          <Input type="date" />
        </Form.Item>
      </Form>
      {send.error && <Alert type="error" showIcon title={send.error.message} />}
    </Modal>
  );
}

/** 财务管理 > 开票记录 (FinancialManagement/invoiceRecord): 开票, 重试, 查询结果, 红冲 and 上传PDF, each confirmed first. */
export function InvoicePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [showing, setShowing] = useState<Invoice>();
  const act = useMutation({
    mutationFn: async ({ invoice, action }: { invoice: Invoice; action: 'issue' | 'query' | 'redFlush' }) =>
      action === 'issue' ? issueInvoice(invoice.id) : action === 'query' ? queryInvoice(invoice.id) : redFlushInvoice(invoice.id),
    onSuccess: async (invoice) => {
      message.success(`发票${invoiceStateNames[invoice.state]}`);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(invoiceResourceKey) });
    },
  });
  const [uploading, setUploading] = useState<{ invoice: Invoice; file: File }>();
  const uploaded = async (answer: { msg: string }) => {
    setUploading(undefined);
    message.success(answer.msg || '已上传发票');
    await queryClient.invalidateQueries({ queryKey: resourceKeys.all(invoiceResourceKey) });
  };
  const confirmed = (invoice: Invoice, action: 'issue' | 'query' | 'redFlush', label: string, title: string, danger = false) => (
    <Popconfirm title={title} okText="确定" cancelText="取消" onConfirm={() => act.mutateAsync({ invoice, action }).catch(() => undefined)}>
      <Button type="link" size="small" danger={danger}>
        {label}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <ResourceListPage
        descriptor={invoiceResource}
        actionsWidth={230}
        rowActions={(invoice) => (
          <>
            <Button type="link" size="small" onClick={() => setShowing(invoice)}>
              详情
            </Button>
            {invoice.state === 'pending' && confirmed(invoice, 'issue', '开票', `确定为「${invoice.buyerTitle}」开具 ${formatAmount(invoice.amount)} 元的电子发票？`)}
            {invoice.state === 'failed' && confirmed(invoice, 'issue', '重试', '确定以原流水号重新提交开票？')}
            {invoice.state === 'issuing' && confirmed(invoice, 'query', '查询结果', '向开票平台查询开票结果？')}
            {(invoice.state === 'issued' || invoice.state === 'redPending') && confirmed(invoice, 'redFlush', '红冲', '红冲后原发票作废，确定红冲？', true)}
            {(invoice.state === 'pending' || invoice.state === 'failed' || (invoice.state === 'issued' && invoice.provider === 'upload')) && (
              <Upload
                accept="application/pdf,.pdf"
                showUploadList={false}
                beforeUpload={(file) => {
                  setUploading({ invoice, file });
                  return false;
                }}
              >
                <Button type="link" size="small">
                  {invoice.state === 'issued' ? '重新上传' : '上传PDF'}
                </Button>
              </Upload>
            )}
            {invoice.hasPdf && (
              <Button type="link" size="small" onClick={() => downloadInvoicePdf(invoice).catch(() => undefined)}>
                下载
              </Button>
            )}
          </>
        )}
      />
      {uploading && <UploadInvoiceModal {...uploading} onCancel={() => setUploading(undefined)} onDone={(answer) => void uploaded(answer)} />}
      {showing && (
        <Modal open title="开票详情" footer={null} width={720} onCancel={() => setShowing(undefined)}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="开票流水号" span={2}>
              {showing.orderNo}
            </Descriptions.Item>
            <Descriptions.Item label="发票抬头">{showing.buyerTitle}</Descriptions.Item>
            <Descriptions.Item label="纳税人识别号">{showing.taxNumber || '—'}</Descriptions.Item>
            <Descriptions.Item label="接收邮箱">{showing.email}</Descriptions.Item>
            <Descriptions.Item label="停车场">{showing.lotName}</Descriptions.Item>
            <Descriptions.Item label="开票金额">{formatAmount(showing.amount)} 元</Descriptions.Item>
            <Descriptions.Item label="状态">{invoiceStateNames[showing.state]}</Descriptions.Item>
            <Descriptions.Item label="发票号码">{showing.invoiceNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="发票代码">{showing.invoiceCode || '—'}</Descriptions.Item>
            <Descriptions.Item label="开票时间">{when(showing.issuedAt)}</Descriptions.Item>
            <Descriptions.Item label="原因" span={2}>
              {showing.cause || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="paymentId"
            pagination={false}
            dataSource={showing.items}
            columns={[
              { dataIndex: 'plateNumber', title: '车牌号' },
              { dataIndex: 'paidAt', title: '支付时间', render: (at: string) => when(at) },
              { dataIndex: 'amount', title: '开票金额(元)', render: (fen: number) => formatAmount(fen) },
            ]}
          />
        </Modal>
      )}
    </>
  );
}
