/** Validation rules of the console's forms; each message is fixed wording, kept character for character. */

export const passwordMessages = {
  required: '请输入新密码',
  rule: '密码应当至少6位且含有数字、字母',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入的密码不一致',
} as const;

/** At least 6 characters, no whitespace, at least one digit and one letter. */
export const passwordPattern = /^(?=.*\d)(?=.*[A-Za-z])\S{6,}$/;

/** The first broken rule of a new password, or undefined when it is acceptable. */
export const checkNewPassword = (value: string | null | undefined): string | undefined => {
  if (!value) return passwordMessages.required;
  return passwordPattern.test(value) ? undefined : passwordMessages.rule;
};

export const checkPasswordConfirmation = (password: string | null | undefined, confirmation: string | null | undefined) => {
  if (!confirmation) return passwordMessages.confirmRequired;
  return confirmation === password ? undefined : passwordMessages.mismatch;
};

export const mobileMessage = '请输入正确的电话号码';
/** 11 digits, starting with 1, second digit 3, 4, 5, 7 or 8. */
export const mobilePattern = /^1[34578]\d{9}$/;
/** Empty is allowed; anything else must be a mainland mobile number. */
export const checkMobile = (value: string | null | undefined) => (!value || mobilePattern.test(value) ? undefined : mobileMessage);

export const emailMessage = '请输入正确的邮箱地址';
export const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const checkEmail = (value: string | null | undefined) => (!value || emailPattern.test(value) ? undefined : emailMessage);

export const urlMessage = '请输入以 http、https、mailto 或 tel 开头的链接';
export const urlPattern = /^(https?:\/\/|mailto:|tel:)\S+$/i;
export const checkUrl = (value: string | null | undefined) => (!value || urlPattern.test(value) ? undefined : urlMessage);

/** The role guard requires a non-empty list of role names. */
export const checkRoleList = (roles: readonly string[] | null | undefined): readonly string[] => {
  if (!roles || roles.length === 0 || roles.some((r) => typeof r !== 'string' || r === '')) {
    throw new Error('需要角色列表，例如 ["admin"]');
  }
  return roles;
};
