// The public face of auth: the sign-in flow (captcha, SMS codes, tokens, sessions it starts and
// checks). The identity store it works on is system's.
export { authRoutes } from './auth.routes.js';
export { branding, checkSmsCode, currentUser, issueSmsCode, login, sendSmsCode, type AuthDeps, type RequestOrigin } from './auth.service.js';
export { drawCaptcha, type CaptchaImage } from './captcha.js';
export { authenticate, startSession } from './session.service.js';
export { logOnlySmsSender, type SmsSender } from './sms-sender.js';
export { looksLikeToken, newToken, tokenFromHeader, tokenHash } from './tokens.js';
