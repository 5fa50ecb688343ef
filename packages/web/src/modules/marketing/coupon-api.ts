import { couponEndpoints, couponTemplateEndpoints, type CouponIssueInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/http/api-error';
import { call, callEnvelope } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';
import { merchantLedgerResourceKey, merchantResourceKey } from './merchant-api';

/** Query-key roots of 优惠券: the coupons issued, the templates, and the two reports. */
export const couponResourceKey = 'coupon';
export const couponTemplateResourceKey = 'couponTemplate';
export const couponDailyReportKey = 'couponDailyReport';
export const couponMonthlyBillKey = 'couponMonthlyBill';

/** The most one list call gives: every template of the tenant, for the 发券 picker. */
const allRows = 1000;

/** The templates a coupon may be issued from now: the enabled ones, by name. */
export const useCouponTemplateOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(couponTemplateResourceKey), 'options'],
    queryFn: () => call(couponTemplateEndpoints.list, { query: { currentPage: 1, pageSize: allRows, enabled: 1, sidx: 'name', sort: 'asc' } }),
    select: (page) => page.list,
  });

/** What an issued or revoked coupon changes: the coupons, the merchant's balance and counts, its ledger, the reports. */
const useInvalidateIssued = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [couponResourceKey, merchantResourceKey, merchantLedgerResourceKey, couponDailyReportKey, couponMonthlyBillKey].map((key) =>
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(key) }),
      ),
    );
};

/** 发券: the server's refusals (no balance left, a limit reached, the car not in the lot) are shown in the dialog, not as a toast. */
export const useIssueCoupon = () => {
  const invalidate = useInvalidateIssued();
  return useMutation({
    mutationFn: (body: CouponIssueInput) => callEnvelope(couponEndpoints.issue, { body, silent: true }),
    onSuccess: invalidate,
  });
};

/**
 * 作废 an unused coupon with its reason; a prepaid merchant gets the price back. A refusal (used or
 * revoked meanwhile) means the list on screen is stale, so it is asked again then too.
 */
export const useRevokeCoupon = () => {
  const invalidate = useInvalidateIssued();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => callEnvelope(couponEndpoints.revoke, { params: { id }, body: { reason }, placesFields: true }),
    onSettled: invalidate,
  });
};

/** The refusal of 作废 for a coupon used or revoked meanwhile (该券已使用，不能作废). */
export const isSettledMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;
