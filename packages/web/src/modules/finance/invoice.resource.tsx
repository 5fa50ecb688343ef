import { invoiceEndpoints, maskMobile, type Invoice, type InvoiceListQuery } from '@parking/contract';
import { defineResource } from '../../shared/resource/resource-types';
import { LotSelect } from '../parking';
import { invoiceResourceKey } from './invoice-api';
import { buyerTypeEnum, invoiceStateEnum } from './invoice-options';

/** 财务管理 > 开票记录: drivers' e-invoice requests and what the invoice platform made of them. */
export const invoiceResource = defineResource<Invoice, InvoiceListQuery>({
  resource: invoiceResourceKey,
  name: '开票记录',
  endpoints: invoiceEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'buyerTitle', title: '发票抬头', priority: 'key', width: 200, ellipsis: true, search: { param: 'keyword', placeholder: '抬头、手机号、流水号或发票号码' } },
    { dataIndex: 'buyerType', title: '抬头类型', width: 90, valueEnum: buyerTypeEnum, hideInSearch: true },
    { dataIndex: 'taxNumber', title: '纳税人识别号', priority: 'secondary', width: 180, hideInSearch: true },
    { dataIndex: 'lotName', title: '停车场', width: 150, ellipsis: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'phone', title: '车主手机号', width: 120, hideInSearch: true, render: (_value, invoice) => maskMobile(invoice.phone) },
    { dataIndex: 'amount', title: '开票金额(元)', width: 110, valueType: 'money', sortable: true, hideInSearch: true },
    { dataIndex: 'state', title: '状态', priority: 'key', width: 100, valueEnum: invoiceStateEnum },
    { dataIndex: 'invoiceNo', title: '发票号码', priority: 'secondary', width: 190, hideInSearch: true },
    { dataIndex: 'cause', title: '原因', priority: 'secondary', width: 200, ellipsis: true, hideInSearch: true },
    { dataIndex: 'requestedAt', title: '申请时间', width: 160, valueType: 'date', sortable: true, hideInSearch: true },
    { dataIndex: 'issuedAt', title: '开票时间', priority: 'secondary', width: 160, valueType: 'date', hideInSearch: true },
  ],
});
