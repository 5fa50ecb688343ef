import { formatAmount, specialBillEndpoints, specialBillStatusNames, specialBillStatuses, type SpecialBill, type SpecialBillListQuery, type SpecialBillStatus } from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { formatDateTime } from '../../shared/resource/value-format';
import { LotSelect } from '../parking';
import { specialBillResourceKey } from './special-bill-api';
import { SpecialBillFormInputs, specialBillFormBody, specialBillToFormValues, type SpecialBillFormValues } from './special-bill-form';

const statusBadges: Readonly<Record<SpecialBillStatus, BadgeStatus>> = { unpaid: 'warning', paid: 'success', cancelled: 'default' };
export const specialBillStatusEnum: ValueEnum = Object.fromEntries(specialBillStatuses.map((s) => [s, { text: specialBillStatusNames[s], status: statusBadges[s] }]));

/** 订单管理 > 特殊账单: charges raised outside parking time, paid by the driver from the bill's QR code. */
export const specialBillResource = defineResource<SpecialBill, SpecialBillListQuery>({
  resource: specialBillResourceKey,
  name: '特殊账单',
  endpoints: specialBillEndpoints,
  rowKey: 'id',
  actions: { create: true, export: true },
  columns: [
    { dataIndex: 'lotName', title: '停车场', width: 180, hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'lotName', title: '停车场', width: 140, ellipsis: true, hideInSearch: true },
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      search: { placeholder: '车牌号或开头，如 粤B' },
      render: (_v, bill) => (bill.plateNumber ? <PlateText plate={bill.plateNumber} /> : '—'),
    },
    { dataIndex: 'item', title: '收费项目', width: 140, ellipsis: true, hideInSearch: true },
    { dataIndex: 'amount', title: '金额（元）', width: 110, hideInSearch: true, sortable: true, render: (_v, bill) => formatAmount(bill.amount) },
    { dataIndex: 'status', title: '状态', priority: 'key', width: 90, valueEnum: specialBillStatusEnum },
    { dataIndex: 'paidAmount', title: '实付（元）', width: 100, hideInSearch: true, render: (_v, bill) => (bill.status === 'paid' ? formatAmount(bill.paidAmount) : '—') },
    { dataIndex: 'paidAt', title: '支付时间', width: 160, hideInSearch: true, render: (_v, bill) => (bill.paidAt ? formatDateTime(bill.paidAt) : '—') },
    { dataIndex: 'createdBy', title: '创建人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', width: 160, valueType: 'date', sortable: true, search: { range: ['createdFrom', 'createdTo'] } },
    { dataIndex: 'remark', title: '备注', priority: 'secondary', width: 160, ellipsis: true, hideInSearch: true },
  ],
  form: {
    Inputs: SpecialBillFormInputs,
    width: 640,
    toValues: specialBillToFormValues,
    toBody: (values) => specialBillFormBody(values as SpecialBillFormValues),
  },
});
