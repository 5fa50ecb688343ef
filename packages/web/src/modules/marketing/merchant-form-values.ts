import type { Merchant, MerchantInput, MerchantKind, MerchantSettlement } from '@parking/contract';
import { fenToYuan, yuanToFen } from '../../shared/resource/fields/money';
import { phoneText } from '../../shared/resource/fields/phone-field';
import { remarkText } from '../../shared/resource/fields/remark-field';
import { lineText } from '../../shared/resource/fields/text-field';
import { md5Hex } from '../../shared/crypto/md5';

/** What the 商户 form holds: amounts in yuan as typed, a blank limit for 不限, the password only when typed. */
export type MerchantFormValues = {
  name: string;
  kind: MerchantKind;
  contactName: string;
  contactPhone: string;
  lotIds: string[];
  settlement: MerchantSettlement;
  overdraftLimit: string;
  dailyCouponLimit: number | null;
  monthlyCouponLimit: number | null;
  monthlyAmountLimit: string;
  account: string;
  password: string;
  remark: string;
  enabled: boolean;
};

export function merchantToFormValues(merchant: Merchant | undefined): MerchantFormValues {
  if (!merchant) {
    return {
      name: '',
      kind: 'shop',
      contactName: '',
      contactPhone: '',
      lotIds: [],
      settlement: 'prepaid',
      overdraftLimit: '',
      dailyCouponLimit: null,
      monthlyCouponLimit: null,
      monthlyAmountLimit: '',
      account: '',
      password: '',
      remark: '',
      enabled: true,
    };
  }
  return {
    name: merchant.name,
    kind: merchant.kind,
    contactName: merchant.contactName,
    contactPhone: merchant.contactPhone,
    lotIds: merchant.lotIds,
    settlement: merchant.settlement,
    // a merchant that may not overdraw shows an empty box, not 0.00
    overdraftLimit: merchant.overdraftLimit === 0 ? '' : fenToYuan(merchant.overdraftLimit),
    dailyCouponLimit: merchant.dailyCouponLimit,
    monthlyCouponLimit: merchant.monthlyCouponLimit,
    monthlyAmountLimit: fenToYuan(merchant.monthlyAmountLimit),
    account: merchant.account,
    password: '',
    remark: merchant.remark,
    enabled: merchant.enabled,
  };
}

/** The form's values → the POST/PUT body: yuan to fen, a blank overdraft 0, a blank limit null (不限), the password as its MD5 (as every password travels), a blank one '' (kept on an update). */
export function merchantFormBody(values: MerchantFormValues): MerchantInput {
  return {
    name: lineText(values.name),
    kind: values.kind,
    contactName: lineText(values.contactName),
    contactPhone: phoneText(values.contactPhone),
    lotIds: values.lotIds,
    settlement: values.settlement,
    overdraftLimit: yuanToFen(values.overdraftLimit) ?? 0,
    dailyCouponLimit: values.dailyCouponLimit ?? null,
    monthlyCouponLimit: values.monthlyCouponLimit ?? null,
    monthlyAmountLimit: yuanToFen(values.monthlyAmountLimit),
    account: lineText(values.account),
    password: values.password === '' ? '' : md5Hex(values.password),
    remark: remarkText(values.remark),
    enabled: values.enabled,
  };
}
