import {
  formatAmount,
  maskMobile,
  merchantEndpoints,
  merchantKindNames,
  merchantKinds,
  merchantLedgerKindNames,
  merchantLedgerKinds,
  merchantSettlementNames,
  merchantSettlements,
  type Merchant,
  type MerchantLedgerEntry,
  type MerchantLedgerListQuery,
  type MerchantListQuery,
} from '@parking/contract';
import type { ReactNode } from 'react';
import { defineResource, valueEnumOf } from '../../shared/resource/resource-types';
import { enabledColumn, LotSelect } from '../parking';
import { MerchantSelect } from './components/merchant-select';
import { SignedYuan } from './components/signed-yuan';
import { merchantLedgerResourceKey, merchantResourceKey } from './merchant-api';
import { MerchantFormInputs } from './merchant-form';
import { merchantFormBody, merchantToFormValues, type MerchantFormValues } from './merchant-form-values';

const kindEnum = valueEnumOf(merchantKinds, merchantKindNames);
const settlementEnum = valueEnumOf(merchantSettlements, merchantSettlementNames);
const ledgerKindEnum = valueEnumOf(merchantLedgerKinds, merchantLedgerKindNames);

/** A 后付 merchant has no balance: it is billed for the coupons used each month. */
const prepaidOnly = (merchant: Merchant, shown: ReactNode) => (merchant.settlement === 'prepaid' ? shown : '—');

/** 停车运营 > 商户: the shops and malls that give drivers coupons, from a balance (预付) or on account (后付). */
export const merchantResource = defineResource<Merchant, MerchantListQuery>({
  resource: merchantResourceKey,
  name: '商户',
  endpoints: merchantEndpoints,
  rowKey: 'id',
  recordName: (merchant) => merchant.name,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'name', title: '商户名称', priority: 'key', width: 160, sortable: true, search: { placeholder: '请输入商户名称' } },
    { dataIndex: 'kind', title: '类型', width: 80, valueEnum: kindEnum, search: { placeholder: '全部' } },
    { dataIndex: 'contactName', title: '联系人', priority: 'secondary', width: 90, hideInSearch: true },
    { dataIndex: 'contactPhone', title: '联系电话', priority: 'secondary', width: 120, hideInSearch: true, render: (_v, merchant) => maskMobile(merchant.contactPhone) },
    {
      dataIndex: 'lotNames',
      title: '适用停车场',
      width: 160,
      search: { param: 'lotId' },
      input: () => <LotSelect place="search" />,
      render: (_v, merchant) => merchant.lotNames.join('、'),
    },
    { dataIndex: 'settlement', title: '结算方式', priority: 'key', width: 90, valueEnum: settlementEnum, search: { placeholder: '全部' } },
    {
      dataIndex: 'balance',
      title: '余额（元）',
      priority: 'key',
      width: 110,
      sortable: true,
      hideInSearch: true,
      render: (_v, merchant) => prepaidOnly(merchant, <SignedYuan fen={merchant.balance} />),
    },
    {
      dataIndex: 'overdraftLimit',
      title: '透支额度',
      priority: 'secondary',
      width: 100,
      hideInSearch: true,
      render: (_v, merchant) => prepaidOnly(merchant, formatAmount(merchant.overdraftLimit)),
    },
    {
      dataIndex: 'issuedToday',
      title: '今日发券/本月发券',
      width: 140,
      hideInSearch: true,
      render: (_v, merchant) => `${merchant.issuedToday} / ${merchant.issuedThisMonth}`,
    },
    { dataIndex: 'amountThisMonth', title: '本月发券金额', width: 110, valueType: 'money', hideInSearch: true },
    { dataIndex: 'account', title: '登录账号', priority: 'secondary', width: 110, hideInSearch: true },
    enabledColumn<Merchant, MerchantListQuery>(),
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: MerchantFormInputs,
    width: 760,
    toValues: merchantToFormValues,
    toBody: (values) => merchantFormBody(values as MerchantFormValues),
  },
});

/** 余额流水: each 充值, 发券扣款, 作废退回 and 调整 with the balance before and after it, newest first. */
export const merchantLedgerResource = defineResource<MerchantLedgerEntry, MerchantLedgerListQuery>({
  resource: merchantLedgerResourceKey,
  name: '商户余额流水',
  endpoints: { list: merchantEndpoints.ledger, export: merchantEndpoints.ledgerExport },
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'createdAt', title: '时间', priority: 'key', width: 160, valueType: 'date', search: { range: ['createdFrom', 'createdTo'] } },
    { dataIndex: 'merchantName', title: '商户', priority: 'key', width: 160, search: { param: 'merchantId' }, input: () => <MerchantSelect place="search" /> },
    { dataIndex: 'kind', title: '类型', priority: 'key', width: 100, valueEnum: ledgerKindEnum, search: { placeholder: '全部' } },
    { dataIndex: 'amount', title: '金额（元）', priority: 'key', width: 110, hideInSearch: true, render: (_v, entry) => <SignedYuan fen={entry.amount} sign /> },
    { dataIndex: 'balanceBefore', title: '变动前余额', width: 110, hideInSearch: true, render: (_v, entry) => <SignedYuan fen={entry.balanceBefore} /> },
    { dataIndex: 'balanceAfter', title: '变动后余额', priority: 'key', width: 110, hideInSearch: true, render: (_v, entry) => <SignedYuan fen={entry.balanceAfter} /> },
    { dataIndex: 'couponNo', title: '券号', width: 150, hideInSearch: true, render: (_v, entry) => entry.couponNo || '—' },
    { dataIndex: 'remark', title: '备注', width: 160, hideInSearch: true },
    { dataIndex: 'operator', title: '操作人', priority: 'secondary', width: 100, hideInSearch: true },
  ],
});
