import {
  couponBenefitText,
  couponEndpoints,
  couponKindNames,
  couponKinds,
  couponStateNames,
  couponStates,
  couponTemplateEndpoints,
  formatAmount,
  type Coupon,
  type CouponListQuery,
  type CouponState,
  type CouponTemplate,
  type CouponTemplateListQuery,
} from '@parking/contract';
import { Tag } from 'antd';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, valueEnumOf } from '../../shared/resource/resource-types';
import { enabledColumn } from '../parking';
import { CouponRecordLink } from './components/coupon-record-link';
import { MerchantSelect } from './components/merchant-select';
import { couponResourceKey, couponTemplateResourceKey } from './coupon-api';
import { CouponTemplateFormInputs } from './coupon-template-form';
import { couponTemplateFormBody, couponTemplateToFormValues, type CouponTemplateFormValues } from './coupon-template-form-values';

const kindEnum = valueEnumOf(couponKinds, couponKindNames);
const stateEnum = valueEnumOf(couponStates, couponStateNames);
const stateColours: Readonly<Record<CouponState, string>> = { unused: 'blue', in_use: 'gold', used: 'green', expired: 'default', revoked: 'red' };

/** 未使用 and 使用中 coupons may still be 作废; the others are done with. */
export const isRevocable = (coupon: Coupon) => coupon.state === 'unused' || coupon.state === 'in_use';

/** 优惠券 > 已发券: every coupon merchants gave drivers, with what it took off the stay it was used on. */
export const couponResource = defineResource<Coupon, CouponListQuery>({
  resource: couponResourceKey,
  name: '优惠券',
  endpoints: { list: couponEndpoints.list, export: couponEndpoints.export },
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'couponNo', title: '券号', priority: 'key', width: 150, search: { placeholder: '请输入完整券号' } },
    { dataIndex: 'templateName', title: '券名称', width: 140, hideInSearch: true },
    { dataIndex: 'kind', title: '类型', priority: 'secondary', width: 80, valueEnum: kindEnum, hideInSearch: true },
    { dataIndex: 'kind', title: '券类型', hideInTable: true, valueEnum: kindEnum, search: { placeholder: '全部' } },
    { dataIndex: 'minutes', key: 'benefit', title: '优惠', priority: 'key', width: 150, hideInSearch: true, render: (_v, coupon) => couponBenefitText(coupon) },
    { dataIndex: 'merchantName', title: '商户', priority: 'key', width: 140, search: { param: 'merchantId' }, input: () => <MerchantSelect place="search" /> },
    {
      dataIndex: 'plateNumber',
      title: '车牌',
      priority: 'key',
      width: 120,
      ellipsis: false,
      search: { placeholder: '请输入车牌号关键字' },
      render: (_v, coupon) => <PlateText plate={coupon.plateNumber} colour={coupon.plateColour} />,
    },
    {
      dataIndex: 'state',
      title: '状态',
      priority: 'key',
      width: 90,
      valueEnum: stateEnum,
      search: { placeholder: '全部' },
      render: (_v, coupon) => <Tag color={stateColours[coupon.state]}>{couponStateNames[coupon.state]}</Tag>,
    },
    { dataIndex: 'issuedAt', title: '发券时间', width: 160, valueType: 'date', search: { range: ['issuedFrom', 'issuedTo'] } },
    { dataIndex: 'expiresAt', title: '到期时间', width: 160, valueType: 'date', hideInSearch: true },
    { dataIndex: 'discount', title: '抵扣金额', width: 90, hideInSearch: true, render: (_v, coupon) => (coupon.state === 'used' ? formatAmount(coupon.discount) : '—') },
    { dataIndex: 'recordId', title: '停车记录', width: 90, hideInSearch: true, render: (_v, coupon) => <CouponRecordLink recordId={coupon.recordId} /> },
    { dataIndex: 'issuedBy', title: '发券人', priority: 'secondary', width: 100, hideInSearch: true },
  ],
});

const yesNo = (value: boolean) => (value ? '是' : '否');

/** 优惠券 > 券种: the coupons a merchant may issue, each of one kind with its own figure, price and validity. */
export const couponTemplateResource = defineResource<CouponTemplate, CouponTemplateListQuery>({
  resource: couponTemplateResourceKey,
  name: '券种',
  endpoints: couponTemplateEndpoints,
  rowKey: 'id',
  recordName: (template) => template.name,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'name', title: '券名称', priority: 'key', width: 160, sortable: true, search: { placeholder: '请输入券名称' } },
    { dataIndex: 'kind', title: '类型', priority: 'key', width: 80, valueEnum: kindEnum, search: { placeholder: '全部' } },
    { dataIndex: 'minutes', key: 'benefit', title: '优惠', priority: 'key', width: 160, hideInSearch: true, render: (_v, template) => couponBenefitText(template) },
    { dataIndex: 'price', title: '结算价（元）', width: 100, valueType: 'money', hideInSearch: true },
    { dataIndex: 'validHours', title: '有效时长', width: 90, hideInSearch: true, render: (_v, template) => `${template.validHours}小时` },
    { dataIndex: 'beforeEntry', title: '入场前可发', priority: 'secondary', width: 90, hideInSearch: true, render: (_v, template) => yesNo(template.beforeEntry) },
    {
      dataIndex: 'stackable',
      title: '叠加',
      priority: 'secondary',
      width: 110,
      hideInSearch: true,
      render: (_v, template) => (template.stackable ? `可叠加（≤${template.stackLimit}张）` : '不可叠加'),
    },
    { dataIndex: 'withBenefits', title: '与白名单/集团卡同享', priority: 'secondary', width: 150, hideInSearch: true, render: (_v, template) => yesNo(template.withBenefits) },
    {
      dataIndex: 'minDue',
      title: '最低消费（元）',
      priority: 'secondary',
      width: 110,
      hideInSearch: true,
      render: (_v, template) => (template.minDue === 0 ? '不限' : formatAmount(template.minDue)),
    },
    enabledColumn<CouponTemplate, CouponTemplateListQuery>(),
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: CouponTemplateFormInputs,
    width: 760,
    toValues: couponTemplateToFormValues,
    toBody: (values) => couponTemplateFormBody(values as CouponTemplateFormValues),
  },
});
