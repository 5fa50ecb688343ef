import { signInPolicy, type LoginLimit } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { tooMany } from '../../plugins/app-error.js';
import { shanghaiDateTime } from '../../shared/xlsx-export.js';
import { failuresSinceLastSuccess, failureStreaks, recordLoginAttempt, type FailureStreak } from './login-attempts.repository.js';

const second = 1000;
const windowMs = signInPolicy.windowHours * 3_600_000;
const maxDelayMs = signInPolicy.maxDelayMinutes * 60 * second;

/** How long an address waits after its nth counted failure: 1 s at the 5th, doubling, at most the cap. */
export const waitAfterFailures = (failures: number): number => {
  if (failures < signInPolicy.delayAfterFailures) return 0;
  const doublings = Math.min(failures - signInPolicy.delayAfterFailures, 30);
  return Math.min(signInPolicy.firstDelaySeconds * second * 2 ** doublings, maxDelayMs);
};

/** Where one address stands for one account. */
export interface SignInThrottle {
  /** counted failures of this account from this address */
  failures: number;
  /** counted failures of this account from every address */
  accountFailures: number;
  captchaRequired: boolean;
  /** while set and later than now, this address may not try */
  waitUntil: Date | undefined;
}

const captchaFor = (failures: number, accountFailures: number) => failures >= signInPolicy.captchaAfterFailures || accountFailures >= signInPolicy.accountCaptchaAfterFailures;

const waitUntilOf = (streak: Pick<FailureStreak, 'failures' | 'lastFailureAt'>, now: Date) => {
  const wait = waitAfterFailures(streak.failures);
  const until = new Date(streak.lastFailureAt.getTime() + wait);
  return wait > 0 && until > now ? until : undefined;
};

const throttleFrom = (streaks: FailureStreak[], ip: string, now: Date): SignInThrottle => {
  const own = streaks.find((s) => s.ip === ip);
  const failures = own?.failures ?? 0;
  const accountFailures = streaks.reduce((sum, s) => sum + s.failures, 0);
  return {
    failures,
    accountFailures,
    captchaRequired: captchaFor(failures, accountFailures),
    waitUntil: own ? waitUntilOf(own, now) : undefined,
  };
};

export const signInThrottle = async (db: Db, tenantId: string, account: string, ip: string, now: Date): Promise<SignInThrottle> =>
  throttleFrom(await failureStreaks(db, tenantId, [account], new Date(now.getTime() - windowMs)), ip, now);

/** "3秒" under a minute, "2分钟" from there. */
const waitText = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / second));
  return seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
};

const waitData = (until: Date, now: Date) => ({
  captchaRequired: true,
  retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / second)),
});

/** The 429 an address gets while it must wait; its password is not even checked. */
export const refuseWhileWaiting = (throttle: SignInThrottle, now: Date) => {
  if (!throttle.waitUntil) return;
  throw tooMany(`登录失败次数过多，请${waitText(throttle.waitUntil.getTime() - now.getTime())}后再试`, waitData(throttle.waitUntil, now));
};

/**
 * Records one failure and says what it leads to: the message for the client (with the wait that
 * now begins, if any) and the data a sign-in failure carries.
 */
export const recordFailure = async (db: Db, attempt: { tenantId: string; account: string; ip: string }, throttle: SignInThrottle, msg: string, now: Date) => {
  await recordLoginAttempt(db, { ...attempt, succeeded: false, at: now });
  const failures = throttle.failures + 1;
  const wait = waitAfterFailures(failures);
  const captchaRequired = captchaFor(failures, throttle.accountFailures + 1);
  if (wait === 0) return { msg, data: { captchaRequired } };
  return {
    msg: `${msg}，请${waitText(wait)}后再试`,
    data: { ...waitData(new Date(now.getTime() + wait), now), captchaRequired },
  };
};

/** "上次登录后有2次失败的登录尝试，最近一次来自 IP 10.0.0.9 于 2026-03-02 09:15:00", or nothing. */
export const failedSignInNotice = async (db: Db, tenantId: string, account: string): Promise<string | undefined> => {
  const since = await failuresSinceLastSuccess(db, tenantId, account);
  if (!since) return undefined;
  return `上次登录后有${since.failures}次失败的登录尝试，最近一次来自 IP ${since.lastIp || '未知'} 于 ${shanghaiDateTime(since.lastAt)}`;
};

/** What failed sign-ins hold against each of these accounts now (已限制登录 on the 用户 page). */
export const loginLimitsOf = async (db: Db, tenantId: string, accounts: string[], now: Date): Promise<Map<string, LoginLimit>> => {
  const streaks = await failureStreaks(db, tenantId, accounts, new Date(now.getTime() - windowMs));
  const limits = new Map<string, LoginLimit>();
  for (const account of new Set(streaks.map((s) => s.account))) {
    const own = streaks.filter((s) => s.account === account);
    const accountFailures = own.reduce((sum, s) => sum + s.failures, 0);
    const captchaRequired = own.some((s) => captchaFor(s.failures, accountFailures));
    const waits = own.map((s) => waitUntilOf(s, now)).filter((until): until is Date => until !== undefined);
    if (!captchaRequired && waits.length === 0) continue;
    const latest = own.reduce((a, b) => (b.lastFailureAt > a.lastFailureAt ? b : a));
    limits.set(account, {
      failures: accountFailures,
      captchaRequired,
      limitedUntil: waits.length > 0 ? new Date(Math.max(...waits.map((w) => w.getTime()))).toISOString() : null,
      lastFailureAt: latest.lastFailureAt.toISOString(),
      lastFailureIp: latest.ip,
    });
  }
  return limits;
};
