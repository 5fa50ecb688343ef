import { formatAmount, specialBillStatusNames, type SpecialBill } from '@parking/contract';
import { App, Button, Descriptions, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../shared/http/api-error';
import { confirmTitle } from '../../../shared/resource/resource-delete-button';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { formatDateTime } from '../../../shared/resource/value-format';
import { downloadSpecialBillQrCode, useCancelSpecialBill } from '../special-bill-api';
import { specialBillResource } from '../special-bill.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { specialBillResource as openingList } from '../special-bill.resource';

/** The bill as printed for the driver: what is owed, where, for what. */
function SpecialBillDetail({ bill, onClose }: { bill: SpecialBill; onClose: () => void }) {
  return (
    <Modal
      open
      title="特殊账单详情"
      width={560}
      onCancel={onClose}
      footer={[
        <Button key="print" onClick={() => window.print()}>
          打印
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Descriptions column={1} bordered size="small" className="special-bill-detail">
        <Descriptions.Item label="停车场">{bill.lotName}</Descriptions.Item>
        <Descriptions.Item label="车牌号">{bill.plateNumber ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="收费项目">{bill.item}</Descriptions.Item>
        <Descriptions.Item label="金额">{formatAmount(bill.amount)} 元</Descriptions.Item>
        <Descriptions.Item label="状态">{specialBillStatusNames[bill.status]}</Descriptions.Item>
        {bill.status === 'paid' && <Descriptions.Item label="实付金额">{formatAmount(bill.paidAmount)} 元</Descriptions.Item>}
        {bill.paidAt && <Descriptions.Item label="支付时间">{formatDateTime(bill.paidAt)}</Descriptions.Item>}
        {bill.cancelledAt && <Descriptions.Item label="作废时间">{formatDateTime(bill.cancelledAt)}</Descriptions.Item>}
        <Descriptions.Item label="创建人">{bill.createdBy}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{formatDateTime(bill.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="备注">{bill.remark || '—'}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/** 订单管理 > 特殊账单 (menu address OrderManagement/specialBill): raise a bill, print its QR code, cancel it while unpaid. */
export function SpecialBillPage() {
  const { message } = App.useApp();
  const cancel = useCancelSpecialBill();
  const [shown, setShown] = useState<SpecialBill | null>(null);
  const download = async (bill: SpecialBill) => {
    try {
      message.success(`已下载 ${await downloadSpecialBillQrCode(bill)}`);
    } catch (error) {
      // the HTTP layer has shown the server's message
      if (!(error instanceof ApiError)) message.error('下载特殊账单二维码失败');
    }
  };
  const cancelBill = async (bill: SpecialBill) => {
    await cancel.mutateAsync(bill.id);
    message.success('作废成功');
  };
  return (
    <>
      <ResourceListPage
        descriptor={specialBillResource}
        actionsWidth={200}
        rowActions={(bill) => (
          <>
            <Button type="link" size="small" onClick={() => setShown(bill)}>
              详情
            </Button>
            {bill.status === 'unpaid' && (
              <Button type="link" size="small" onClick={() => void download(bill)}>
                二维码
              </Button>
            )}
            {bill.status === 'unpaid' && (
              <Popconfirm
                title={confirmTitle('作废', '特殊账单', bill.plateNumber ? `${bill.item}（${bill.plateNumber}）` : bill.item)}
                description={`${bill.item} ${formatAmount(bill.amount)}元，作废后车主将无法支付`}
                okText="作废"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => cancelBill(bill)}
              >
                <Button type="link" size="small" danger>
                  作废
                </Button>
              </Popconfirm>
            )}
          </>
        )}
      />
      {shown && <SpecialBillDetail bill={shown} onClose={() => setShown(null)} />}
    </>
  );
}
