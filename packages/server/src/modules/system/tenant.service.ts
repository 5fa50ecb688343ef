import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrandImageKind, Tenant, TenantListQuery, tenantCreateInput, tenantUpdateInput } from '@parking/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { insertTenant, setUpTenant } from '../../db/seed/tenant-setup.js';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/app-error.js';
import { uploadsDir, uploadsPrefix } from '../../shared/image-upload.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { hashPassword } from '../../shared/passwords.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from './operation-log.service.js';
import { findTenant, findTenantByCode, pageTenants, pointRowSecurityAt, tenantCodeTaken, updateTenantRow, type TenantRow } from './tenant.repository.js';

type CreateValues = z.output<typeof tenantCreateInput>;
type UpdateValues = z.output<typeof tenantUpdateInput>;

export const toTenant = (row: TenantRow): Tenant => ({
  id: row.id,
  code: row.code,
  name: row.name,
  title: row.title,
  logo: row.logo,
  favicon: row.favicon,
  weatherLocation: row.weatherLocation,
  icpNo: row.icpNo,
  policeNo: row.policeNo,
  bigScreenType: row.bigScreenType,
  footerText: row.footerText,
  smsCaptchaOpen: row.smsCaptchaOpen,
  enabled: row.enabled,
  isPlatform: row.isPlatform,
  photoRetentionDays: row.photoRetentionDays,
  eventRetentionDays: row.eventRetentionDays,
  createdAt: row.createdAt.toISOString(),
});

export const listTenants = async (db: Db, query: TenantListQuery & { currentPage: number; pageSize: number }) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageTenants(db, filter, page);
  return pageAnswer(rows, page, total, toTenant);
};

const tenantOrNotFound = async (db: Db, id: string) => {
  const row = await findTenant(db, id);
  if (!row) throw notFound('租户不存在');
  return row;
};

export const getTenant = async (db: Db, id: string) => toTenant(await tenantOrNotFound(db, id));

/** The tenant an account code names, refused when unknown or disabled: sign-in, branding and screens start here. */
export const activeTenant = async (db: Db, code: string) => {
  const tenant = await findTenantByCode(db, code);
  if (!tenant) throw notFound(`租户「${code}」不存在`);
  if (!tenant.enabled) throw forbidden(`租户「${code}」已停用`);
  return tenant;
};

/**
 * Runs `work` with row-level security pointed at another tenant, inside the request's
 * transaction, then points it back: a new tenant's rows belong to it, not to the platform.
 */
const actingFor = async <T>(db: Db, tenantId: string, back: string, work: () => Promise<T>): Promise<T> => {
  await pointRowSecurityAt(db, tenantId);
  const result = await work();
  await pointRowSecurityAt(db, back);
  return result;
};

/** A new operator company: branding plus everything it needs to sign in and set itself up. */
export const createTenant = async (db: Db, auth: AuthContext, input: CreateValues) => {
  if (await tenantCodeTaken(db, input.code)) throw conflict(`租户编码「${input.code}」已存在`, 'code');
  const { adminAccount, adminPassword, ...fields } = input;
  const values = { ...fields, logo: '', favicon: '', isPlatform: false };
  const tenantId = await insertTenant(db, values);
  const passwordHash = await hashPassword(adminPassword);
  await actingFor(db, tenantId, auth.tenantId, () => setUpTenant(db, tenantId, values, { account: adminAccount, realName: '系统管理员', passwordHash }));
  const created = await getTenant(db, tenantId);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'create',
    target: 'tenant',
    targetId: tenantId,
    summary: `新增租户「${created.name}」（${created.code}），管理员账号 ${adminAccount}`,
    after: created,
  });
  return created;
};

export const updateTenant = async (db: Db, auth: AuthContext, id: string, input: UpdateValues) => {
  const before = await tenantOrNotFound(db, id);
  // disabling the platform's tenant would lock every platform administrator out
  if (before.isPlatform && !input.enabled) throw badRequest('平台运营租户不能停用');
  // a disabled tenant's sessions end at their next request (session.service checks the tenant)
  await updateTenantRow(db, id, input, new Date());
  const after = await getTenant(db, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'tenant',
    targetId: id,
    summary: before.enabled && !input.enabled ? `停用租户「${after.name}」，其用户的登录随即失效` : `修改租户「${after.name}」`,
    before: toTenant(before),
    after,
  });
  return after;
};

const brandImageNames: Readonly<Record<BrandImageKind, string>> = { logo: 'Logo', favicon: '网站图标' };

/** Points the tenant at a freshly stored image and removes the one it replaces. */
export const replaceBrandImage = async (db: Db, auth: AuthContext, dataDir: string, id: string, kind: BrandImageKind, url: string) => {
  const before = await tenantOrNotFound(db, id);
  await updateTenantRow(db, id, { [kind]: url }, new Date());
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'tenant',
    targetId: id,
    summary: `上传租户「${before.name}」的${brandImageNames[kind]}`,
    before: { [kind]: before[kind] },
    after: { [kind]: url },
  });
  const old = before[kind];
  if (old.startsWith(`${uploadsPrefix}brand/`)) {
    // a missing old file is no reason to fail the upload
    await unlink(join(uploadsDir(dataDir), old.slice(uploadsPrefix.length))).catch(() => undefined);
  }
  return { url };
};
