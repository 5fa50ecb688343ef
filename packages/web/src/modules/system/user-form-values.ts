import type { SystemUser, UserCreateInput, UserUpdateInput } from '@parking/contract';
import { md5Hex } from '../../shared/crypto/md5';

/** What the user form's inputs hold. The password fields exist only on create. */
export type UserFormValues = {
  account: string;
  realName: string;
  mobile?: string;
  email?: string;
  organizationId?: string;
  /** in the order picked: the first is the main position */
  positionIds: string[];
  roleIds: string[];
  /** the switch: on is 启用 */
  enabled: boolean;
  isAdministrator: boolean;
  password?: string;
  confirmPassword?: string;
};

export function userToFormValues(user: SystemUser | undefined): UserFormValues {
  if (!user) return { account: '', realName: '', positionIds: [], roleIds: [], enabled: true, isAdministrator: false };
  return {
    account: user.account,
    realName: user.realName,
    mobile: user.mobile,
    email: user.email,
    organizationId: user.organizationId ?? undefined,
    positionIds: user.positions.map((p) => p.id),
    roleIds: user.roles.map((r) => r.id),
    enabled: user.status === 1,
    isAdministrator: user.isAdministrator,
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The form's values → the update body; an account is never renamed from the form. */
export function userUpdateBody(values: UserFormValues, user: SystemUser): UserUpdateInput {
  return {
    account: user.account,
    realName: text(values.realName),
    mobile: text(values.mobile),
    email: text(values.email),
    organizationId: values.organizationId ?? null,
    positionIds: [...values.positionIds],
    roleIds: [...values.roleIds],
    status: values.enabled ? 1 : 0,
    isAdministrator: values.isAdministrator,
  };
}

/** The form's values → the create body; the initial password leaves the browser only as MD5 hex. */
export function userCreateBody(values: UserFormValues): UserCreateInput {
  return {
    account: text(values.account),
    realName: text(values.realName),
    mobile: text(values.mobile),
    email: text(values.email),
    organizationId: values.organizationId ?? null,
    positionIds: [...values.positionIds],
    roleIds: [...values.roleIds],
    status: values.enabled ? 1 : 0,
    isAdministrator: values.isAdministrator,
    password: md5Hex(values.password ?? ''),
  };
}
