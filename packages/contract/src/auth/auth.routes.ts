/** Paths of the auth module, shared by server and web so neither spells them twice. */
export const authPaths = {
  login: '/api/oauth/Login',
  currentUser: '/api/oauth/CurrentUser',
  logout: '/api/oauth/Logout',
  captcha: '/api/oauth/captcha',
  aconfig: '/api/oauth/getAconfig/:account',
  smsCode: '/api/oauth/sentSmscode/:account',
  branding: '/api/oauth/branding',
} as const;

/**
 * Sign-in throttling. Failures count per account and source address, so a stranger's failures
 * slow only the stranger: from one address, the captcha after 3 failures and a doubling wait
 * (1 s, 2 s, 4 s … at most 15 minutes) from the 5th; across every address, 10 failures ask the
 * captcha of everyone, which the owner can still answer. A success from an address, or an
 * administrator's 解除限制, clears that address's count; failures older than the window lapse.
 */
export const signInPolicy = {
  windowHours: 24,
  captchaAfterFailures: 3,
  accountCaptchaAfterFailures: 10,
  delayAfterFailures: 5,
  firstDelaySeconds: 1,
  maxDelayMinutes: 15,
  smsIntervalSeconds: 60,
  rememberMeHours: 24,
  idleHours: 12,
} as const;
