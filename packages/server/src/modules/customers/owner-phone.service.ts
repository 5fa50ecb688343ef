import { maskMobile, type OwnerPhoneCodesResult, type OwnerPhoneInput } from '@parking/contract';
import { isUniqueViolation } from '../../db/sql-error.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, conflict } from '../../plugins/app-error.js';
import { checkSmsCode, issueSmsCode } from '../auth/index.js';
import { recordFailure, recordOperation, refuseWhileWaiting, signInThrottle } from '../system/index.js';
import { customerTarget } from './customer.service.js';
import { endOtherOwnerSessions, ownerWithPhone, setOwnerPhone } from './owner-session.repository.js';
import { ownerActor, type OwnerContext, type OwnerOrigin, type OwnerSignInDeps } from './owner-session.service.js';
import { ownerProfile } from './owner-vehicle.service.js';

// the old number's code and the new number's are apart; the new one is good for that number only
const oldKey = (owner: OwnerContext) => `owner-phone-old:${owner.customerId}`;
const newKey = (owner: OwnerContext, phone: string) => `owner-phone-new:${owner.customerId}:${phone}`;
const tenantOf = (owner: OwnerContext) => ({ id: owner.tenantId, code: owner.tenantCode });
const taken = (phone: string) => conflict(`手机号 ${maskMobile(phone)} 已注册为车主，不能更换为该号码`, 'phone');

/** The new number must be another one, and no other owner's of the tenant. */
const checkNewPhone = async (deps: OwnerSignInDeps, owner: OwnerContext, phone: string) => {
  if (phone === owner.phone) throw badRequest('新手机号不能与原手机号相同');
  if (await withTenant(deps.db, owner.tenantId, (tx) => ownerWithPhone(tx, owner.tenantId, phone))) throw taken(phone);
};

/** 更换手机号, step one: a code to the old number the owner still has, and one to the new number. */
export const sendOwnerPhoneCodes = async (deps: OwnerSignInDeps, owner: OwnerContext, phone: string, now: Date): Promise<OwnerPhoneCodesResult> => {
  await checkNewPhone(deps, owner, phone);
  // the old number's code first: its once-a-minute rule keeps a stranger's numbers from being sent codes in a row
  const old = await issueSmsCode(deps, tenantOf(owner), oldKey(owner), owner.phone, now);
  const fresh = await issueSmsCode(deps, tenantOf(owner), newKey(owner, phone), phone, now);
  return {
    oldSentTo: old.sentTo,
    newSentTo: fresh.sentTo,
    expiresIn: fresh.expiresIn,
    resendIn: 60,
    demoHint: deps.demoHint,
    demoCodes: deps.revealCodes ? { old: old.code, new: fresh.code } : null,
  };
};

/**
 * 更换手机号, step two: both codes right, the number changes with no review; vehicles, stays and
 * arrears stay the owner's, and the owner's other sessions end. Wrong codes wait as sign-in does.
 */
export const changeOwnerPhone = async (deps: OwnerSignInDeps, owner: OwnerContext, input: OwnerPhoneInput, origin: OwnerOrigin, now: Date) => {
  const phone = input.phone.trim();
  await checkNewPhone(deps, owner, phone);
  const throttleKey = `owner-phone:${owner.customerId}`;
  const throttle = await signInThrottle(deps.db, owner.tenantId, throttleKey, origin.ip, now);
  refuseWhileWaiting(throttle, now);
  const oldOk = await checkSmsCode(deps.db, owner.tenantId, oldKey(owner), input.oldCode.trim(), now);
  const newOk = oldOk && (await checkSmsCode(deps.db, owner.tenantId, newKey(owner, phone), input.newCode.trim(), now));
  if (!newOk) {
    const failure = await recordFailure(deps.db, { tenantId: owner.tenantId, account: throttleKey, ip: origin.ip }, throttle, '验证码错误或已过期', now);
    throw badRequest(failure.msg);
  }
  return withTenant(deps.db, owner.tenantId, async (tx) => {
    const before = await ownerProfile(tx, owner);
    await setOwnerPhone(tx, owner.tenantId, owner.customerId, phone).catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken(phone) : error;
    });
    await endOtherOwnerSessions(tx, owner.tenantId, owner.customerId, owner.sessionId);
    const after = await ownerProfile(tx, owner);
    await recordOperation(tx, ownerActor(owner, origin), {
      module: 'customers',
      action: 'update',
      target: customerTarget,
      targetId: owner.customerId,
      summary: `车主 ${maskMobile(owner.phone)} 更换手机号为 ${maskMobile(phone)}（原手机号与新手机号验证码验证）`,
      before: { phone: before.phone },
      after: { phone: after.phone },
    });
    return after;
  });
};
