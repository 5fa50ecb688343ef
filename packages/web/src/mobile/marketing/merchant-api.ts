import { merchantOpenEndpoints, merchantStayParam, merchantTokenHeader, type MerchantCouponListQuery, type MerchantIssueInput, type MerchantReportQuery } from '@parking/contract';
import { md5Hex } from '../../shared/crypto/md5';
import { ApiError } from '../../shared/http/api-error';
import { call, callEnvelope } from '../../shared/http/call';

/** The merchant's token on this phone, kept apart from the staff token (SMART-TOKEN) and the owner's (OWNER-TOKEN). */
const merchantTokenKey = 'MERCHANT-TOKEN';
export const merchantToken = {
  get: (): string | null => window.localStorage.getItem(merchantTokenKey),
  set: (token: string) => window.localStorage.setItem(merchantTokenKey, token),
  clear: () => window.localStorage.removeItem(merchantTokenKey),
};

/** Every merchant call reports its own failures on the phone page, and carries the merchant's token in its own header. */
const asMerchant = (): { silent: true; headers: Record<string, string> } => {
  const token = merchantToken.get();
  return { silent: true, headers: token ? { [merchantTokenHeader]: token } : {} };
};

/** A refusal that means the merchant must sign in (again): no token, signed out, expired or 停用. */
export const needsMerchantSignIn = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The root of every query of the merchant's phone, apart from the console's ['merchant', …]. */
export const merchantOpenKey = 'merchant-open';

export const merchantApi = {
  /** the password as typed; only its MD5 leaves the phone, as every sign-in sends it */
  signIn: (account: string, password: string) => call(merchantOpenEndpoints.signIn, { body: { account: account.trim(), password: md5Hex(password) }, silent: true }),
  signOut: () => call(merchantOpenEndpoints.signOut, asMerchant()),
  me: () => call(merchantOpenEndpoints.me, asMerchant()),
  coupons: (query: MerchantCouponListQuery) => call(merchantOpenEndpoints.coupons, { query, ...asMerchant() }),
  /** the signed-in merchant's own month: the server never answers another's */
  report: (query: MerchantReportQuery) => call(merchantOpenEndpoints.report, { query, ...asMerchant() }),
  /** the car of a scanned 商户优惠码: refused in the server's words when the code is bad, expired or not for this merchant */
  stay: (stay: string) => call(merchantOpenEndpoints.stay, { query: { stay }, ...asMerchant() }),
  issue: (body: MerchantIssueInput) => call(merchantOpenEndpoints.issue, { body, ...asMerchant() }),
  /** answers the server's words ("作废成功") */
  revoke: async (id: string, reason: string) => (await callEnvelope(merchantOpenEndpoints.revoke, { params: { id }, body: { reason }, ...asMerchant() })).msg,
};

/**
 * The scanned code's parameter of the page's address, as `?stay=…`, or '': carried to 商户登录 and back
 * so that a merchant signed out when scanning still lands on the prefilled form.
 */
export const scannedStaySearch = (search: string) => {
  const stay = new URLSearchParams(search).get(merchantStayParam);
  return stay ? `?${new URLSearchParams({ [merchantStayParam]: stay }).toString()}` : '';
};
