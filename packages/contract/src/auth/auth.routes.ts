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

/** Sign-in throttling of issue #2: captcha after 5 failures, lock after 10, both within 15 minutes. */
export const signInPolicy = {
  windowMinutes: 15,
  captchaAfterFailures: 5,
  lockAfterFailures: 10,
  lockMinutes: 15,
  smsIntervalSeconds: 60,
  rememberMeHours: 24,
  idleHours: 12,
} as const;
