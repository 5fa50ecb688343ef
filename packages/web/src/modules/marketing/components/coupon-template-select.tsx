import { couponBenefitText, formatAmount } from '@parking/contract';
import { OptionSelect } from '../../../shared/components/option-select';
import type { PickerProps } from '../../../shared/components/picker';
import { useCouponTemplateOptions } from '../coupon-api';

/** 优惠券 of 发券: an enabled template, named with its benefit and what the merchant pays for it. */
export function CouponTemplateSelect(props: PickerProps<string | null | undefined>) {
  const templates = useCouponTemplateOptions();
  const options = templates.data?.map((t) => ({ value: t.id, label: `${t.name}（${couponBenefitText(t)}，结算价${formatAmount(t.price)}元）` }));
  return <OptionSelect {...props} options={options} loading={templates.isLoading} placeholder="请选择优惠券" notFoundContent="暂无启用的券种，请先在「券种」中新增" />;
}
