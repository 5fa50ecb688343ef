import { count, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app.js';
import type { Database } from '../db/client.js';
import {
  arrearsReminders,
  customers,
  customerVehicles,
  devices,
  dictionaries,
  groupCards,
  specialBills,
  groups,
  longRentals,
  menus,
  orderWarnings,
  organizations,
  parkingAreas,
  parkingLanes,
  parkingLots,
  parkingRecords,
  parkingSpaces,
  payments,
  plateListEntries,
  positions,
  recordEditRequests,
  recoveryRecords,
  refunds,
  roleMenus,
  roles,
  screenMessages,
  sessions,
  systemMessages,
  tariffs,
  tariffVersions,
  tenants,
  userPositions,
  userRoles,
  users,
  vehicleAuthRequests,
  phoneChangeRequests,
  complaints,
  complaintReplies,
  complaintSettings,
  appeals,
  servicePhotos,
  merchants,
  couponTemplates,
  coupons,
} from '../db/schema/index.js';
import { hashPassword, md5Hex } from '../modules/auth/passwords.js';
import { seededTestDatabase, signIn, testConfig } from '../test/test-app.js';
import { seedTestMessagesInEveryTenant } from '../test/test-messages.js';

/**
 * Walks every route of the OpenAPI document and calls it signed out, as a user of the same tenant
 * who holds no permission, and as another tenant's administrator with this tenant's ids.
 * Nothing of tenant demo may be returned to them, and nothing may change.
 */
interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  permission: string | readonly string[] | undefined;
}

let database: Database;
let server: FastifyInstance;
const registered: RouteInfo[] = [];
/** a plate of tenant demo in arrears (欠费订单 paths take the plate) */
const demoUnpaidPlate = '粤B0U417';
const ids = {
  message: '',
  adminUser: '',
  location: '',
  dict: '',
  organization: '',
  position: '',
  role: '',
  menu: '',
  tenant: '',
  session: '',
  parkingArea: '',
  parkingLot: '',
  parkingLane: '',
  parkingSpace: '',
  tariff: '',
  longRental: '',
  group: '',
  groupCard: '',
  specialBill: '',
  merchant: '',
  couponTemplate: '',
  coupon: '',
  device: '',
  parkingRecord: '',
  payment: '',
  refund: '',
  recordEdit: '',
  orderWarning: '',
  plateList: '',
  customer: '',
  customerVehicle: '',
  vehicleAuth: '',
  phoneChange: '',
  complaint: '',
  appeal: '',
  complaintPhoto: '',
  appealPhoto: '',
};
/** strings of tenant demo's data: none may reach another tenant */
let markers: string[] = [];
/** what a demo user holding no permission may not see either */
let permittedOnly: string[] = [];
let tokens: { demoAdmin: string; nobody: string; otherTenantAdmin: string };

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/** which of tenant demo's ids an `{id}` path takes, by the resource its path names */
const idOf = (path: string) =>
  path.includes('/CustomerVehicle/')
    ? ids.customerVehicle
    : path.includes('/Customer/')
      ? ids.customer
      : path.includes('/BlackWhiteList/')
        ? ids.plateList
        : path.includes('/OrderWarning/')
          ? ids.orderWarning
          : path.includes('/Device/lotBindings/')
            ? ids.parkingLot
            : path.includes('/Device/')
              ? ids.device
              : path.includes('/RecordEditAudit/')
                ? ids.recordEdit
                : path.includes('/ParkingRecord/')
                  ? ids.parkingRecord
                  : path.includes('/Payment/')
                    ? ids.payment
                    : path.includes('/Refund/')
                      ? ids.refund
                      : path.includes('systemMessage')
                        ? ids.message
                        : path.includes('dictDetail')
                          ? ids.dict
                          : path.includes('/Organize/')
                            ? ids.organization
                            : path.includes('/Position/')
                              ? ids.position
                              : path.includes('/Role/')
                                ? ids.role
                                : path.includes('/Menu/')
                                  ? ids.menu
                                  : path.includes('/Tenant/')
                                    ? ids.tenant
                                    : path.includes('/Sessions/')
                                      ? ids.session
                                      : path.includes('/Tariff/')
                                        ? ids.tariff
                                        : path.includes('/LongRental/')
                                          ? ids.longRental
                                          : path.includes('/GroupCard/')
                                            ? ids.groupCard
                                            : path.includes('/SpecialBill/')
                                              ? ids.specialBill
                                              : path.includes('/Group/')
                                                ? ids.group
                                                : path.includes('/ParkingArea/')
                                                  ? ids.parkingArea
                                                  : path.includes('/ParkingLane/')
                                                    ? ids.parkingLane
                                                    : path.includes('/ParkingSpace/')
                                                      ? ids.parkingSpace
                                                      : path.includes('/Parking/')
                                                        ? ids.parkingLot
                                                        : path.includes('/CarAuthentication/')
                                                          ? ids.vehicleAuth
                                                          : path.includes('/CarPhoneAudit/')
                                                            ? ids.phoneChange
                                                            : path.includes('/CustomerComplain/') || path.includes('/owner/complaints/') || path.includes('/complaints/record/')
                                                              ? ids.complaint
                                                              : path.includes('/Appeal/') || path.includes('/owner/appeals/')
                                                                ? ids.appeal
                                                                : path.includes('/Merchant/')
                                                                  ? ids.merchant
                                                                  : path.includes('/CouponTemplate/')
                                                                    ? ids.couponTemplate
                                                                    : path.includes('/Coupon/') || path.includes('/merchant/coupons/')
                                                                      ? ids.coupon
                                                                      : ids.adminUser;
const fill = (path: string) =>
  path
    .replace('{id}', idOf(path))
    .replace('{photoId}', path.includes('/Appeal/') || path.includes('/owner/appeals/') ? ids.appealPhoto : ids.complaintPhoto)
    .replace('{account}', 'demo')
    .replace('{tenantId}', ids.tenant)
    .replace('{locationCode}', ids.location)
    .replace('{status}', '0')
    .replace('{kind}', 'logo')
    .replace('{which}', 'entry')
    .replace('{plateNumber}', encodeURIComponent(demoUnpaidPlate));

/** 每小时 1 元 all day: valid rules a stranger might try to write */
const intruderRules = (() => {
  const day = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }];
  return { schedule: { workday: day, nonWorkday: day }, vehicleClasses: [{ code: 'small', name: '小型车' }] };
})();

const bodies: Record<string, unknown> = {
  'GET /api/dictDetail': undefined,
  'POST /api/dictDetail': { dictName: 'plate_colour', label: '紫色', value: '9' },
  'PUT /api/dictDetail/{id}': { dictName: 'plate_colour', label: '被改', value: '0' },
  'POST /api/system/Permission/Users': { account: 'intruder', realName: '入侵者', password: md5Hex('x1y2z3') },
  'PUT /api/system/Permission/Users/{id}': { account: 'admin', realName: '被改名', isAdministrator: false, status: 0 },
  'POST /api/system/Permission/Users/{id}/Actions/ResetPassword': {
    userPassword: md5Hex('taken0ver'),
    validatePassword: md5Hex('taken0ver'),
  },
  'POST /api/system/Permission/Organize': { name: '入侵组织', code: 'intruder' },
  'PUT /api/system/Permission/Organize/{id}': { name: '被改名', code: 'taken-over' },
  'POST /api/system/Permission/Position': { name: '入侵岗位', code: 'intruder' },
  'PUT /api/system/Permission/Position/{id}': { name: '被改名', code: 'taken-over' },
  'POST /api/system/Permission/Role': { name: '入侵角色', code: 'intruder' },
  'PUT /api/system/Permission/Role/{id}': { name: '被改名', code: 'taken-over' },
  // filled in beforeAll with a demo page the role lacks
  'PUT /api/system/Permission/Role/{id}/Menus': { menuIds: [] },
  'POST /api/system/Permission/Menu': { fullName: '入侵菜单', enCode: 'intruder', icon: 'BugOutlined', type: 1 },
  'PUT /api/system/Permission/Menu/{id}': { fullName: '被改名', enCode: 'takenOver', icon: 'BugOutlined', type: 1, enabled: false },
  'POST /api/system/Tenant': { code: 'intruder', name: '入侵公司', title: '入侵平台', bigScreenType: 1, adminAccount: 'intruder', adminPassword: md5Hex('x1y2z3') },
  'PUT /api/system/Tenant/{id}': { name: '被改名公司', title: '被改名', bigScreenType: 2, enabled: false },
  'POST /api/system/ParkingArea': { name: '入侵片区' },
  'PUT /api/system/ParkingArea/{id}': { name: '被改名片区', enabled: false },
  'POST /api/system/Parking': { name: '入侵停车场', type: 0, kind: 'space' },
  'PUT /api/system/Parking/{id}': { name: '被改名停车场', type: 1, kind: 'lane', totalSpaces: 1 },
  'PUT /api/system/Parking/freecnt/{id}': { freeCount: 0 },
  'PUT /api/system/Parking/updateLongRentalSpaceLeave/{id}': { longRentalSpaceLeave: true },
  // lane and space bodies name tenant demo's lot: filled in beforeAll
  'POST /api/system/Tariff': { name: '入侵计费规则', rules: intruderRules },
  'PUT /api/system/Tariff/{id}': { name: '被改名计费规则', enabled: false, effectiveFrom: '2030-01-01T00:00:00+08:00', rules: intruderRules },
  // filled in beforeAll with tenant demo's tariff
  'POST /api/system/Tariff/Actions/Trial': {},
  'PUT /api/system/Parking/{id}/Tariff': { tariffId: null },
  'PUT /api/system/Parking/{id}/EventRules': { exitWithoutEntry: 'free', blacklistEntry: 'warn' },
  // device and screen bodies name tenant demo's lot and screen: filled in beforeAll
};

/** query strings the list routes need to get past validation to the permission and tenant checks */
const queries: Record<string, string> = {
  'GET /api/dictDetail': '?dictName=plate_colour',
  'GET /api/system/Base/Area/getCodeByAddress': `?address=${encodeURIComponent('广东省深圳市南山区')}`,
  'GET /api/system/Base/Area/tree': '?parentCode=440300',
  // filled in beforeAll with tenant demo's lane and lot
  'GET /api/system/ParkingLane/build/wxApplet/qRCode': '',
  'GET /api/system/Parking/downloadQRCodeBySpace': '',
  'GET /api/system/Parking/qrCodeSheet': '',
  'GET /api/system/RevenueReport': '?from=2026-11-01&to=2026-11-30',
  'GET /api/system/RevenueReport/Actions/Export': '?from=2026-11-01&to=2026-11-30',
};

const call = (method: string, path: string, token?: string) =>
  server.inject({
    method: method as 'GET',
    url: fill(path) + (queries[`${method} ${path}`] ?? ''),
    headers: token ? { authorization: token } : {},
    ...(bodies[`${method} ${path}`] ? { payload: bodies[`${method} ${path}`] as object } : {}),
  });

const demoSnapshot = async () => {
  const [demo] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
  const [messages] = await database.db.select({ n: count() }).from(systemMessages).where(eq(systemMessages.tenantId, demo!.id));
  const [admin] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.account, 'admin'));
  const dictionary = await database.db.select().from(dictionaries).where(eq(dictionaries.tenantId, demo!.id));
  const demoUsers = await database.db.select().from(users).where(eq(users.tenantId, demo!.id));
  const of = demo!.id;
  const rows = async <T>(read: Promise<T[]>, line: (row: T) => string) => (await read).map(line).sort();
  const allTenants = await database.db.select().from(tenants);
  const demoSessions = await database.db.select().from(sessions).where(eq(sessions.tenantId, demo!.id));
  return {
    tenants: allTenants.map((x) => `${x.code}:${x.name}:${x.title}:${x.logo}:${x.favicon}:${x.bigScreenType}:${x.enabled}`).sort(),
    // another tenant's administrator may set their own tenant's 处理时限, never demo's
    complaintSettings: await rows(database.db.select().from(complaintSettings).where(eq(complaintSettings.tenantId, of)), (c) => `${c.deadlineHours}:${c.updatedAt.toISOString()}`),
    demoSessions: demoSessions.map((s) => `${s.id}:${s.revokedAt?.toISOString()}`).sort(),
    users: demoUsers.map((u) => `${u.account}:${u.realName}:${u.status}:${u.isAdministrator}:${u.organizationId}`).sort(),
    messages: Number(messages!.n),
    adminHash: admin!.hash,
    dictionary: dictionary.map((d) => `${d.id}:${d.label}:${d.value}`).sort(),
    organizations: await rows(database.db.select().from(organizations).where(eq(organizations.tenantId, of)), (o) => `${o.id}:${o.parentId}:${o.name}:${o.code}:${o.sortCode}`),
    positions: await rows(database.db.select().from(positions).where(eq(positions.tenantId, of)), (p) => `${p.id}:${p.organizationId}:${p.name}:${p.code}:${p.sortCode}`),
    roles: await rows(database.db.select().from(roles).where(eq(roles.tenantId, of)), (r) => `${r.id}:${r.name}:${r.code}:${r.isSystem}:${r.description}`),
    menus: await rows(
      database.db.select().from(menus).where(eq(menus.tenantId, of)),
      (m) => `${m.id}:${m.parentId}:${m.fullName}:${m.enCode}:${m.icon}:${m.urlAddress}:${m.type}:${m.sortCode}:${m.enabled}`,
    ),
    roleMenus: await rows(database.db.select().from(roleMenus).where(eq(roleMenus.tenantId, of)), (g) => `${g.roleId}:${g.menuId}`),
    userPositions: await rows(database.db.select().from(userPositions).where(eq(userPositions.tenantId, of)), (h) => `${h.userId}:${h.positionId}:${h.sortCode}`),
    userRoles: await rows(database.db.select().from(userRoles).where(eq(userRoles.tenantId, of)), (h) => `${h.userId}:${h.roleId}`),
    merchants: await rows(
      database.db.select().from(merchants).where(eq(merchants.tenantId, of)),
      (m) => `${m.id}:${m.name}:${m.balance}:${m.enabled}:${m.passwordHash}:${m.updatedAt.toISOString()}`,
    ),
    couponTemplates: await rows(database.db.select().from(couponTemplates).where(eq(couponTemplates.tenantId, of)), (t) => `${t.id}:${t.name}:${t.enabled}:${t.updatedAt.toISOString()}`),
    coupons: await rows(database.db.select().from(coupons).where(eq(coupons.tenantId, of)), (c) => `${c.id}:${c.state}:${c.recordId}:${c.updatedAt.toISOString()}`),
    parkingAreas: await rows(
      database.db.select().from(parkingAreas).where(eq(parkingAreas.tenantId, of)),
      (a) => `${a.id}:${a.name}:${a.enabled}:${a.inspectorIds.join(',')}:${a.updatedAt.toISOString()}`,
    ),
    parkingLots: await rows(
      database.db.select().from(parkingLots).where(eq(parkingLots.tenantId, of)),
      (l) =>
        `${l.id}:${l.areaId}:${l.name}:${l.type}:${l.kind}:${l.totalSpaces}:${l.freeCount}:${l.longRentalSpaceLeave}:${l.tariffId}:${JSON.stringify(l.eventRules)}:${l.updatedAt.toISOString()}`,
    ),
    tariffs: await rows(database.db.select().from(tariffs).where(eq(tariffs.tenantId, of)), (x) => `${x.id}:${x.name}:${x.description}:${x.enabled}:${x.updatedAt.toISOString()}`),
    tariffVersions: await rows(
      database.db.select().from(tariffVersions).where(eq(tariffVersions.tenantId, of)),
      (v) => `${v.id}:${v.tariffId}:${v.versionNo}:${v.effectiveFrom.toISOString()}:${v.effectiveTo?.toISOString()}:${JSON.stringify(v.rules)}`,
    ),
    parkingLanes: await rows(
      database.db.select().from(parkingLanes).where(eq(parkingLanes.tenantId, of)),
      (l) => `${l.id}:${l.lotId}:${l.name}:${l.direction}:${l.enabled}:${l.updatedAt.toISOString()}`,
    ),
    devices: await rows(
      database.db.select().from(devices).where(eq(devices.tenantId, of)),
      (d) => `${d.id}:${d.sn}:${d.name}:${d.secret}:${d.lotId}:${d.enabled}:${d.onlineState}:${d.updatedAt.toISOString()}`,
    ),
    screenMessages: await rows(database.db.select().from(screenMessages).where(eq(screenMessages.tenantId, of)), (m) => `${m.id}:${m.text}:${m.state}`),
    parkingSpaces: await rows(
      database.db.select().from(parkingSpaces).where(eq(parkingSpaces.tenantId, of)),
      (p) => `${p.id}:${p.lotId}:${p.number}:${p.type}:${p.state}:${p.sensorSn}:${p.updatedAt.toISOString()}`,
    ),
    parkingRecords: await rows(
      database.db.select().from(parkingRecords).where(eq(parkingRecords.tenantId, of)),
      (r) => `${r.id}:${r.plateNumber}:${r.state}:${r.amountDue}:${r.discount}:${r.paid}:${r.unpaid}:${r.updatedAt.toISOString()}`,
    ),
    payments: await rows(database.db.select().from(payments).where(eq(payments.tenantId, of)), (p) => `${p.id}:${p.recordId}:${p.amount}:${p.idempotencyKey}`),
    refunds: await rows(database.db.select().from(refunds).where(eq(refunds.tenantId, of)), (r) => `${r.id}:${r.amount}:${r.status}:${r.decidedBy}:${r.updatedAt.toISOString()}`),
    recordEditRequests: await rows(
      database.db.select().from(recordEditRequests).where(eq(recordEditRequests.tenantId, of)),
      (e) => `${e.id}:${e.recordId}:${e.kind}:${e.status}:${e.decidedBy}:${JSON.stringify(e.after)}`,
    ),
    vehicleAuthRequests: await rows(
      database.db.select().from(vehicleAuthRequests).where(eq(vehicleAuthRequests.tenantId, of)),
      (r) => `${r.id}:${r.kind}:${r.status}:${r.vehicleId}:${r.decidedBy}:${r.rejectReason}`,
    ),
    phoneChangeRequests: await rows(
      database.db.select().from(phoneChangeRequests).where(eq(phoneChangeRequests.tenantId, of)),
      (r) => `${r.id}:${r.status}:${r.newPhone}:${r.decidedBy}:${r.rejectReason}`,
    ),
    complaints: await rows(
      database.db.select().from(complaints).where(eq(complaints.tenantId, of)),
      (c) => `${c.id}:${c.status}:${c.content}:${c.result}:${c.completedBy}:${c.updatedAt.toISOString()}`,
    ),
    complaintReplies: await rows(database.db.select().from(complaintReplies).where(eq(complaintReplies.tenantId, of)), (r) => `${r.id}:${r.content}`),
    servicePhotos: await rows(database.db.select().from(servicePhotos).where(eq(servicePhotos.tenantId, of)), (p) => `${p.id}:${p.complaintId}:${p.appealId}:${p.path}`),
    appeals: await rows(
      database.db.select().from(appeals).where(eq(appeals.tenantId, of)),
      (a) => `${a.id}:${a.status}:${a.outcome}:${a.content}:${a.claimedBy}:${a.decidedBy}:${a.updatedAt.toISOString()}`,
    ),
    orderWarnings: await rows(
      database.db.select().from(orderWarnings).where(eq(orderWarnings.tenantId, of)),
      (w) => `${w.id}:${w.recordId}:${w.kind}:${w.state}:${w.remark}:${w.handledBy}:${w.handledAt?.toISOString()}`,
    ),
    plateListEntries: await rows(
      database.db.select().from(plateListEntries).where(eq(plateListEntries.tenantId, of)),
      (b) => `${b.id}:${b.type}:${b.plateNumber}:${b.plateColour}:${b.reason}:${b.removedAt?.toISOString()}:${b.updatedAt.toISOString()}`,
    ),
    arrearsReminders: await rows(database.db.select().from(arrearsReminders).where(eq(arrearsReminders.tenantId, of)), (r) => `${r.id}:${r.plateNumber}:${r.content}`),
    recoveryRecords: await rows(database.db.select().from(recoveryRecords).where(eq(recoveryRecords.tenantId, of)), (r) => `${r.id}:${r.paymentId}:${r.amount}`),
    longRentals: await rows(
      database.db.select().from(longRentals).where(eq(longRentals.tenantId, of)),
      (c) => `${c.id}:${c.lotId}:${c.plateNumber}:${c.ownerName}:${c.validFrom}:${c.validTo}:${c.enabled}:${c.updatedAt.toISOString()}`,
    ),
    groups: await rows(database.db.select().from(groups).where(eq(groups.tenantId, of)), (g) => `${g.id}:${g.name}:${g.phone}:${g.enabled}:${g.updatedAt.toISOString()}`),
    groupCards: await rows(
      database.db.select().from(groupCards).where(eq(groupCards.tenantId, of)),
      (c) => `${c.id}:${c.groupId}:${c.cardNo}:${c.plates.join(',')}:${c.lotIds.join(',')}:${c.enabled}:${c.updatedAt.toISOString()}`,
    ),
    customers: await rows(database.db.select().from(customers).where(eq(customers.tenantId, of)), (c) => `${c.id}:${c.phone}:${c.nickname}:${c.enabled}:${c.updatedAt.toISOString()}`),
    customerVehicles: await rows(
      database.db.select().from(customerVehicles).where(eq(customerVehicles.tenantId, of)),
      (v) => `${v.id}:${v.customerId}:${v.plateNumber}:${v.plateColour}:${v.state}:${v.unboundAt?.toISOString()}:${v.updatedAt.toISOString()}`,
    ),
    specialBills: await rows(
      database.db.select().from(specialBills).where(eq(specialBills.tenantId, of)),
      (b) => `${b.id}:${b.lotId}:${b.item}:${b.amount}:${b.status}:${b.paidAt?.toISOString()}:${b.updatedAt.toISOString()}`,
    ),
  };
};

beforeAll(async () => {
  database = await seededTestDatabase();
  await seedTestMessagesInEveryTenant(database.db);
  server = Fastify({ logger: false });
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      registered.push({ method, url: route.url, public: route.config?.public === true, permission: route.config?.permission });
    }
  });
  await server.register(app, { config: testConfig(), database });
  await server.ready();

  const [demo] = await database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  await database.db.insert(users).values({
    tenantId: demo!.id,
    account: 'nobody',
    realName: '无权限用户',
    passwordHash: await hashPassword(md5Hex('admin123')),
  });
  tokens = {
    demoAdmin: await signIn(server),
    nobody: await signIn(server, 'nobody'),
    otherTenantAdmin: await signIn(server, 'mwadmin', 'mw'),
  };
  const me = await server.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: tokens.demoAdmin } });
  ids.adminUser = me.json().data.userInfo.userId;
  ids.location = demo!.weatherLocation;
  ids.tenant = demo!.id;
  const adminSessions = await server.inject({ method: 'GET', url: '/api/system/Current/Sessions', headers: { authorization: tokens.demoAdmin } });
  ids.session = adminSessions.json().data[0].id;
  const demoMessages = await database.db.select().from(systemMessages).where(eq(systemMessages.tenantId, demo!.id));
  ids.message = demoMessages[0]!.id;
  const demoDictionary = await database.db.select().from(dictionaries).where(eq(dictionaries.tenantId, demo!.id));
  ids.dict = demoDictionary[0]!.id;
  const [demoOrganization] = await database.db.select().from(organizations).where(eq(organizations.tenantId, demo!.id));
  ids.organization = demoOrganization!.id;
  const demoPositions = await database.db.select().from(positions).where(eq(positions.tenantId, demo!.id));
  ids.position = demoPositions.find((p) => p.code === 'operator')!.id;
  const demoRoles = await database.db.select().from(roles).where(eq(roles.tenantId, demo!.id));
  const demoMenus = await database.db.select().from(menus).where(eq(menus.tenantId, demo!.id));
  ids.menu = demoMenus.find((m) => m.enCode === 'parkingAdmin')!.id;
  // a non-system role of tenant demo, so a grant would not be refused for being the system role's
  const [spareRole] = await database.db.insert(roles).values({ tenantId: demo!.id, name: '巡检', code: 'patrol' }).returning({ id: roles.id });
  ids.role = spareRole!.id;
  const [demoArea] = await database.db.insert(parkingAreas).values({ tenantId: demo!.id, name: '演示片区', description: '演示片区说明-仅本租户可见' }).returning();
  ids.parkingArea = demoArea!.id;
  const [demoLot] = await database.db
    .insert(parkingLots)
    .values({ tenantId: demo!.id, areaId: demoArea!.id, name: '演示停车场', type: 1, kind: 'lane', address: '演示停车场地址-仅本租户可见', totalSpaces: 9, freeCount: 7 })
    .returning();
  ids.parkingLot = demoLot!.id;
  const [demoLane] = await database.db.insert(parkingLanes).values({ tenantId: demo!.id, lotId: demoLot!.id, name: '演示车道-仅本租户可见', direction: 'in' }).returning();
  ids.parkingLane = demoLane!.id;
  const [demoSpace] = await database.db.insert(parkingSpaces).values({ tenantId: demo!.id, lotId: demoLot!.id, number: 'DEMO-SPACE-0417', sensorSn: 'DEMO-SENSOR-0417' }).returning();
  ids.parkingSpace = demoSpace!.id;
  queries['GET /api/system/ParkingLane/build/wxApplet/qRCode'] = `?id=${demoLane!.id}`;
  queries['GET /api/system/Parking/downloadQRCodeBySpace'] = `?parkingId=${demoLot!.id}`;
  queries['GET /api/system/Parking/qrCodeSheet'] = `?parkingId=${demoLot!.id}`;
  await database.db.update(parkingLots).set({ longRentalSpaces: 5 }).where(eq(parkingLots.id, demoLot!.id));
  const [demoCard] = await database.db
    .insert(longRentals)
    .values({
      tenantId: demo!.id,
      lotId: demoLot!.id,
      plateNumber: '粤B0D417',
      ownerName: '演示车主-仅本租户可见',
      phone: '13800000417',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      monthlyPrice: 30000,
    })
    .returning();
  ids.longRental = demoCard!.id;
  const [demoGroup] = await database.db.insert(groups).values({ tenantId: demo!.id, name: '演示集团-仅本租户可见', contact: '演示联系人', phone: '13800000418' }).returning();
  ids.group = demoGroup!.id;
  const [demoGroupCard] = await database.db
    .insert(groupCards)
    .values({
      tenantId: demo!.id,
      groupId: demoGroup!.id,
      cardNo: 'DEMO-GC-0418',
      benefit: 'free',
      plates: ['粤B0G418'],
      lotIds: [demoLot!.id],
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    })
    .returning();
  ids.groupCard = demoGroupCard!.id;
  const intruderGroupCard = { groupId: demoGroup!.id, cardNo: 'INTRUDER-1', benefit: 'free', plates: ['粤B0J418'], lotIds: [demoLot!.id], validFrom: '2020-01-01', validTo: '2099-12-31' };
  Object.assign(bodies, {
    'POST /api/system/Group': { name: '入侵集团', contact: '入侵者', phone: '13900000000' },
    'PUT /api/system/Group/{id}': { name: '被改名集团', contact: '入侵者', phone: '13900000000' },
    'POST /api/system/GroupCard': intruderGroupCard,
    'PUT /api/system/GroupCard/{id}': { ...intruderGroupCard, cardNo: 'DEMO-GC-0418' },
  });
  const groupMarkers = [ids.group, ids.groupCard, demoGroup!.name, demoGroup!.phone, demoGroupCard!.cardNo, '粤B0G418'];
  // an unpaid special bill: a stranger may neither read, raise, cancel nor print its code
  const [demoBill] = await database.db
    .insert(specialBills)
    .values({ tenantId: demo!.id, lotId: demoLot!.id, plateNumber: '粤B0S418', item: '演示收费项目-仅本租户可见', amount: 4180, remark: '演示账单备注-仅本租户可见', createdBy: 'admin' })
    .returning();
  ids.specialBill = demoBill!.id;
  bodies['POST /api/system/SpecialBill'] = { lotId: demoLot!.id, plateNumber: '粤B0J418', item: '入侵账单', amount: 100 };
  groupMarkers.push(ids.specialBill, demoBill!.item, demoBill!.remark, '粤B0S418');
  // an owner with a vehicle: a stranger may neither read, register, disable, bind nor unbind
  const [demoCustomer] = await database.db
    .insert(customers)
    .values({ tenantId: demo!.id, phone: '13800000419', nickname: '演示车主昵称-仅本租户可见', source: 'miniapp', registeredAt: new Date('2025-03-03T01:00:00Z') })
    .returning();
  ids.customer = demoCustomer!.id;
  const [demoVehicle] = await database.db
    .insert(customerVehicles)
    .values({ tenantId: demo!.id, customerId: demoCustomer!.id, plateNumber: '粤B0C419', state: 'verified', boundAt: new Date('2025-03-03T01:00:00Z') })
    .returning();
  ids.customerVehicle = demoVehicle!.id;
  Object.assign(bodies, {
    'POST /api/system/Customer': { phone: '13900000419' },
    'PUT /api/system/Customer/{id}/Actions/State': { enabled: false },
    'POST /api/system/CustomerVehicle': { customerId: demoCustomer!.id, plateNumber: '粤B0J419' },
  });
  groupMarkers.push(ids.customer, ids.customerVehicle, demoCustomer!.phone, demoCustomer!.nickname, '粤B0C419');
  // a 车辆认证 request waiting: a stranger may neither read it, see its photo, nor decide it
  const [demoAuth] = await database.db
    .insert(vehicleAuthRequests)
    .values({ tenantId: demo!.id, kind: 'verify', customerId: demoCustomer!.id, vehicleId: demoVehicle!.id, plateNumber: '粤B0C419', createdAt: new Date('2025-03-03T01:00:00Z') })
    .returning();
  ids.vehicleAuth = demoAuth!.id;
  Object.assign(bodies, {
    'POST /api/system/CarAuthentication/{id}/Actions/Reject': { reason: '入侵驳回' },
    'POST /api/system/CarAuthentication/Actions/BatchApprove': { ids: [demoAuth!.id] },
  });
  groupMarkers.push(ids.vehicleAuth);
  // a 手机号变更 request waiting: a stranger may neither read it, see its photo, nor decide it
  const [demoPhoneChange] = await database.db
    .insert(phoneChangeRequests)
    .values({
      tenantId: demo!.id,
      customerId: demoCustomer!.id,
      oldPhone: demoCustomer!.phone,
      newPhone: '13900000420',
      orderNo: '演示订单号-仅本租户可见',
      createdAt: new Date('2025-03-03T01:00:00Z'),
    })
    .returning();
  ids.phoneChange = demoPhoneChange!.id;
  Object.assign(bodies, { 'POST /api/system/CarPhoneAudit/{id}/Actions/Reject': { reason: '入侵驳回' } });
  groupMarkers.push(ids.phoneChange, '演示订单号-仅本租户可见');
  // a complaint being handled: a stranger may neither read it, reply to it, complete it nor file one
  const [demoComplaint] = await database.db
    .insert(complaints)
    .values({
      tenantId: demo!.id,
      category: 'billing',
      channel: 'phone',
      content: '演示投诉内容-仅本租户可见',
      contactPhone: '13900000421',
      receivedAt: new Date('2025-03-03T01:00:00Z'),
      deadlineAt: new Date('2025-03-05T01:00:00Z'),
      createdAt: new Date('2025-03-03T01:00:00Z'),
      updatedAt: new Date('2025-03-03T01:00:00Z'),
    })
    .returning();
  ids.complaint = demoComplaint!.id;
  Object.assign(bodies, {
    'POST /api/system/CustomerComplain': { category: 'other', channel: 'phone', content: '入侵投诉', contactPhone: '13900000422' },
    'POST /api/system/CustomerComplain/{id}/Actions/Reply': { content: '入侵回复' },
    'POST /api/system/CustomerComplain/{id}/Actions/Complete': { result: '入侵办结' },
    'PUT /api/system/CustomerComplain/Settings': { deadlineHours: 1 },
    'POST /api/open/owner/complaints': { category: 'other', content: '入侵投诉' },
    'POST /api/open/owner/complaints/{id}/reply': { content: '入侵补充' },
  });
  groupMarkers.push(ids.complaint, '演示投诉内容-仅本租户可见', '13900000421');
  // its photo: a stranger may neither see, add to nor remove it
  const photoOf = (item: { complaintId: string } | { appealId: string }) =>
    database.db
      .insert(servicePhotos)
      .values({ tenantId: demo!.id, ...item, path: `photos/${demo!.id}/demo-photo.png`, addedBy: 'staff', createdAt: new Date('2025-03-03T01:00:00Z') })
      .returning();
  ids.complaintPhoto = (await photoOf({ complaintId: ids.complaint }))[0]!.id;
  groupMarkers.push(ids.complaintPhoto);
  // a black-list entry: a stranger may neither read, add, edit nor remove one
  const [demoListed] = await database.db.insert(plateListEntries).values({ tenantId: demo!.id, type: 'black', plateNumber: '粤B0B417', reason: '演示拉黑原因-仅本租户可见' }).returning();
  ids.plateList = demoListed!.id;
  Object.assign(bodies, {
    'POST /api/system/BlackWhiteList': { type: 'black', plateNumber: '粤B0X417', reason: '入侵拉黑' },
    'PUT /api/system/BlackWhiteList/{id}': { type: 'white', plateNumber: '粤B0X417', reason: '被改' },
    'POST /api/system/BlackWhiteList/{id}/Actions/Remove': { reason: '入侵移除' },
  });
  groupMarkers.push(ids.plateList, demoListed!.reason, '粤B0B417');
  const [demoRecord] = await database.db
    .insert(parkingRecords)
    .values({ tenantId: demo!.id, lotId: demoLot!.id, plateNumber: '粤B0R417', enteredAt: new Date('2025-03-03T01:00:00Z') })
    .returning();
  ids.parkingRecord = demoRecord!.id;
  // an appeal of that stay waiting for review: a stranger may neither read, claim, release nor decide it, nor file one
  const [demoAppeal] = await database.db
    .insert(appeals)
    .values({
      tenantId: demo!.id,
      recordId: demoRecord!.id,
      phone: '13900000423',
      plateNumber: '粤B0R417',
      plateColour: 0,
      reason: 'wrong_time',
      content: '演示申诉说明-仅本租户可见',
      filedAt: new Date('2025-03-03T02:00:00Z'),
      createdAt: new Date('2025-03-03T02:00:00Z'),
      updatedAt: new Date('2025-03-03T02:00:00Z'),
    })
    .returning();
  ids.appeal = demoAppeal!.id;
  Object.assign(bodies, {
    'POST /api/system/Appeal/{id}/Actions/Decide': { kind: 'reject', reason: '入侵驳回' },
    'POST /api/open/owner/appeals': { recordId: demoRecord!.id, reason: 'other', content: '入侵申诉' },
  });
  groupMarkers.push(ids.appeal, '演示申诉说明-仅本租户可见', '13900000423');
  ids.appealPhoto = (await photoOf({ appealId: ids.appeal }))[0]!.id;
  groupMarkers.push(ids.appealPhoto);
  // a merchant with a coupon out: a stranger may neither read, top up, issue, revoke nor export them
  const [demoMerchant] = await database.db
    .insert(merchants)
    .values({
      tenantId: demo!.id,
      name: '演示商户-仅本租户可见',
      kind: 'mall',
      contactPhone: '13900000424',
      lotIds: [demoLot!.id],
      settlement: 'prepaid',
      balance: 4240,
      account: 'demo-mall-424',
      passwordHash: await hashPassword(md5Hex('mall424')),
    })
    .returning();
  ids.merchant = demoMerchant!.id;
  const [demoTemplate] = await database.db
    .insert(couponTemplates)
    .values({ tenantId: demo!.id, name: '演示券种-仅本租户可见', kind: 'amount', amountOff: 424, price: 424, validHours: 24, beforeEntry: true })
    .returning();
  ids.couponTemplate = demoTemplate!.id;
  const [demoCoupon] = await database.db
    .insert(coupons)
    .values({
      tenantId: demo!.id,
      templateId: demoTemplate!.id,
      templateName: demoTemplate!.name,
      kind: 'amount',
      amountOff: 424,
      stackable: false,
      stackLimit: 1,
      withBenefits: false,
      minDue: 0,
      merchantId: demoMerchant!.id,
      merchantName: demoMerchant!.name,
      lotIds: [demoLot!.id],
      plateNumber: '粤B0M424',
      plateColour: 0,
      price: 424,
      issuedAt: new Date('2025-03-03T02:00:00Z'),
      expiresAt: new Date('2099-03-03T02:00:00Z'),
      issuedBy: 'admin',
      remark: '演示券备注-仅本租户可见',
    })
    .returning();
  ids.coupon = demoCoupon!.id;
  const intruderMerchant = { name: '入侵商户', kind: 'shop', contactPhone: '13900000000', lotIds: [demoLot!.id], settlement: 'prepaid', account: 'intruder', password: md5Hex('x1y2z3') };
  Object.assign(bodies, {
    'POST /api/system/Merchant': intruderMerchant,
    'PUT /api/system/Merchant/{id}': { ...intruderMerchant, password: '' },
    'POST /api/system/Merchant/{id}/Ledger': { kind: 'top_up', amount: 100 },
    'POST /api/system/CouponTemplate': { name: '入侵券', kind: 'free', price: 0, validHours: 1 },
    'PUT /api/system/CouponTemplate/{id}': { name: '被改名券', kind: 'free', price: 0, validHours: 1 },
    'POST /api/system/Coupon/Actions/Issue': { merchantId: demoMerchant!.id, templateId: demoTemplate!.id, plateNumber: '粤B0J418' },
    'POST /api/system/Coupon/{id}/Actions/Revoke': { reason: '入侵作废' },
    'POST /api/open/merchant/coupons': { templateId: demoTemplate!.id, plateNumber: '粤B0J418' },
    'POST /api/open/merchant/coupons/{id}/revoke': { reason: '入侵作废' },
  });
  groupMarkers.push(ids.merchant, ids.couponTemplate, ids.coupon, demoMerchant!.name, demoTemplate!.name, '粤B0M424', '演示券备注-仅本租户可见', '13900000424');
  // a correction waiting for approval: a stranger may neither read, ask for another nor decide it
  const [demoEdit] = await database.db
    .insert(recordEditRequests)
    .values({
      tenantId: demo!.id,
      recordId: demoRecord!.id,
      kind: 'times',
      requested: { enteredAt: '2025-03-03T00:30:00.000Z', exitedAt: null },
      reason: '演示修改原因-仅本租户可见',
      requestedBy: ids.adminUser,
    })
    .returning();
  ids.recordEdit = demoEdit!.id;
  Object.assign(bodies, {
    'POST /api/system/RecordEditAudit': { kind: 'void', recordId: demoRecord!.id, reason: '入侵作废' },
    'POST /api/system/RecordEditAudit/{id}/Actions/Approve': { remark: '入侵通过' },
    'POST /api/system/RecordEditAudit/{id}/Actions/Reject': { remark: '入侵驳回' },
  });
  // a record that still owes money, paid in part and with a refund waiting: a stranger may neither pay, refund nor decide
  const [owingRecord] = await database.db
    .insert(parkingRecords)
    .values({ tenantId: demo!.id, lotId: demoLot!.id, plateNumber: '粤B0P417', state: 'awaiting_payment', amountDue: 900, paid: 400, unpaid: 500 })
    .returning();
  const [demoPayment] = await database.db
    .insert(payments)
    .values({ tenantId: demo!.id, recordId: owingRecord!.id, channel: 'cash', amount: 400, idempotencyKey: 'demo-payment-key-0417', payer: '演示付款人-仅本租户可见' })
    .returning();
  ids.payment = demoPayment!.id;
  const [demoRefund] = await database.db
    .insert(refunds)
    .values({ tenantId: demo!.id, paymentId: demoPayment!.id, recordId: owingRecord!.id, amount: 100, reason: '演示退款原因-仅本租户可见', requestedBy: ids.adminUser })
    .returning();
  ids.refund = demoRefund!.id;
  Object.assign(bodies, {
    'POST /api/system/Payment': { recordId: owingRecord!.id, channel: 'cash', amount: 100, idempotencyKey: 'intruder-key-0001' },
    'POST /api/system/Refund': { paymentId: demoPayment!.id, amount: 100, reason: '入侵退款' },
    'POST /api/system/Refund/{id}/Actions/Approve': { remark: '入侵同意' },
    'POST /api/system/Refund/{id}/Actions/Reject': { remark: '入侵驳回' },
  });
  // a plate in arrears, reminded once and paid in part through pursuit: a stranger may neither read, remind nor release
  const [unpaidRecord] = await database.db
    .insert(parkingRecords)
    .values({ tenantId: demo!.id, lotId: demoLot!.id, plateNumber: demoUnpaidPlate, state: 'unpaid', amountDue: 700, paid: 200, unpaid: 500, exitedAt: new Date('2025-03-03T02:00:00Z') })
    .returning();
  const [recoveredPayment] = await database.db
    .insert(payments)
    .values({ tenantId: demo!.id, recordId: unpaidRecord!.id, channel: 'wechat', amount: 200, idempotencyKey: 'demo-recovery-key-0417' })
    .returning();
  await database.db
    .insert(recoveryRecords)
    .values({ tenantId: demo!.id, recordId: unpaidRecord!.id, paymentId: recoveredPayment!.id, plateNumber: demoUnpaidPlate, lotId: demoLot!.id, amount: 200, channel: 'wechat' });
  const [demoReminder] = await database.db
    .insert(arrearsReminders)
    .values({ tenantId: demo!.id, plateNumber: demoUnpaidPlate, channel: 'sms', content: '演示催缴内容-仅本租户可见', operatorId: ids.adminUser })
    .returning();
  Object.assign(bodies, {
    'POST /api/system/Arrears/{plateNumber}/Reminders': { channel: 'phone', content: '入侵催缴' },
    'POST /api/system/ParkingRecord/{id}/release': { reason: '入侵放行' },
  });
  permittedOnly = [...permittedOnly, ids.payment, ids.refund, owingRecord!.plateNumber, demoPayment!.payer, demoPayment!.idempotencyKey, demoRefund!.reason];
  markers = [...markers, ids.payment, ids.refund, owingRecord!.id, owingRecord!.plateNumber, demoPayment!.payer, demoPayment!.idempotencyKey, demoRefund!.reason];
  // an open warning about that record: a stranger may neither read nor handle it
  const [demoWarning] = await database.db
    .insert(orderWarnings)
    .values({ tenantId: demo!.id, recordId: owingRecord!.id, lotId: demoLot!.id, plateNumber: '粤B0W417', kind: 'long_stay', category: 1, detail: '演示预警说明-仅本租户可见' })
    .returning();
  ids.orderWarning = demoWarning!.id;
  Object.assign(bodies, {
    'POST /api/system/OrderWarning/{id}/Actions/Handle': { remark: '入侵处理' },
  });
  const warningMarkers = [ids.orderWarning, demoWarning!.plateNumber, demoWarning!.detail];
  const intruderCard = { plateNumber: '粤B66666', lotId: demoLot!.id, ownerName: '入侵者', phone: '13900000000', validFrom: '2020-01-01', validTo: '2020-12-31', monthlyPrice: 1 };
  Object.assign(bodies, {
    'POST /api/system/ParkingLane': { lotId: demoLot!.id, name: '入侵车道', direction: 'in' },
    'PUT /api/system/ParkingLane/{id}': { lotId: demoLot!.id, name: '被改名车道', direction: 'out' },
    'POST /api/system/ParkingSpace': { lotId: demoLot!.id, number: 'X001' },
    'PUT /api/system/ParkingSpace/{id}': { lotId: demoLot!.id, number: 'X002', state: 'fault' },
    'POST /api/system/ParkingSpace/Actions/Batch': { lotId: demoLot!.id, prefix: 'X', start: 1, end: 3, digits: 3 },
    'POST /api/system/LongRental': intruderCard,
    'PUT /api/system/LongRental/{id}': { ...intruderCard, plateNumber: '粤B0D417' },
  });
  const [demoDevice] = await database.db
    .insert(devices)
    .values({ tenantId: demo!.id, lotId: demoLot!.id, sn: 'DEMO-LED-0417', name: '演示显示屏-仅本租户可见', type: 'led_screen', secret: 'demo-device-secret-never-shown' })
    .returning();
  ids.device = demoDevice!.id;
  await database.db.insert(screenMessages).values({ tenantId: demo!.id, deviceId: demoDevice!.id, text: '演示屏幕消息-仅本租户可见' });
  Object.assign(bodies, {
    'POST /api/system/Device': { sn: 'INTRUDER-1', name: '入侵设备', type: 'camera', lotId: demoLot!.id },
    'PUT /api/system/Device/{id}': { sn: 'DEMO-LED-0417', name: '被改名设备', type: 'led_screen', lotId: demoLot!.id, enabled: false },
    'POST /api/system/Device/sendScreenMsg/defaultScence': { deviceId: demoDevice!.id, text: '入侵消息' },
  });
  const [demoTariff] = await database.db.select().from(tariffs).where(eq(tariffs.tenantId, demo!.id));
  ids.tariff = demoTariff!.id;
  await database.db
    .update(parkingLots)
    .set({ tariffId: ids.tariff, eventRules: { exitWithoutEntry: 'hold', blacklistEntry: 'refuse' } })
    .where(eq(parkingLots.id, ids.parkingLot));
  bodies['POST /api/system/Tariff/Actions/Trial'] = {
    tariffId: ids.tariff,
    enteredAt: '2025-03-03T08:00:00+08:00',
    exitedAt: '2025-03-03T09:00:00+08:00',
    vehicleClass: 'small',
  };
  bodies['PUT /api/system/Permission/Role/{id}/Menus'] = { menuIds: [demoMenus.find((m) => m.enCode === 'user')!.id] };
  permittedOnly = [...demoMessages.map((m) => m.id), ids.organization, ...demoMenus.map((m) => m.id), demo!.icpNo];
  // lot ids and names reach every user of the tenant through the parking list call; details do not
  permittedOnly = [...permittedOnly, demoLot!.address, demoArea!.description, demoLane!.name, demoSpace!.number, demoSpace!.sensorSn];
  permittedOnly = [...permittedOnly, ids.longRental, demoCard!.plateNumber, demoCard!.ownerName, demoCard!.phone];
  // groups and their cards: holders of the 集团/集团卡 pages only, no other tenant
  permittedOnly = [...permittedOnly, ...groupMarkers];
  permittedOnly = [...permittedOnly, ids.parkingRecord, demoRecord!.plateNumber, ids.recordEdit, demoEdit!.reason];
  // dictionaries are readable by every user of the tenant, but by no other tenant
  markers = [...demoDictionary.map((d) => d.id)];
  // colleagues', positions' and roles' ids reach every user of the tenant through the pickers, but no other tenant
  markers = [...markers, demo!.name, ids.adminUser, ids.session, ...permittedOnly];
  markers = [...markers, ...demoPositions.map((p) => p.id), ...demoRoles.map((r) => r.id), ids.role];
  markers = [...markers, ids.longRental, ids.parkingArea, ids.parkingLot, demoLot!.name, demoArea!.name, ids.parkingLane, ids.parkingSpace];
  // tariffs are seen only by holders of the 计费规则 page (a lot's tariffId is part of the lot's details)
  permittedOnly = [...permittedOnly, demoTariff!.name, demoTariff!.description];
  // a device's secret reaches no one but the holder of its page, once; its name and sn only holders of the device pages
  permittedOnly = [...permittedOnly, demoDevice!.sn, demoDevice!.name, demoDevice!.secret, '演示屏幕消息-仅本租户可见'];
  markers = [...markers, ids.device, demoDevice!.sn, demoDevice!.name, demoDevice!.secret, '演示屏幕消息-仅本租户可见'];
  markers = [...markers, ids.tariff, demoTariff!.name, demoTariff!.description];
  permittedOnly = [...permittedOnly, ...warningMarkers];
  markers = [...markers, ...warningMarkers];
  // arrears are seen only by holders of the 欠费订单 page, and by no other tenant
  permittedOnly = [...permittedOnly, demoUnpaidPlate, demoReminder!.content];
  markers = [...markers, demoUnpaidPlate, demoReminder!.id, demoReminder!.content, unpaidRecord!.id, recoveredPayment!.id];
  markers = [...markers, ...groupMarkers];
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe('every route refuses what it must', () => {
  it('documents every signed-in route in OpenAPI', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const guarded = registered.filter((r) => !r.public && /^\/(api|weather)\//.test(r.url) && !r.url.startsWith('/api/docs'));
    expect(guarded.length).toBeGreaterThan(10);
    const undocumented = guarded.filter((r) => !documented.has(`${r.method} ${openApiPath(r.url)}`));
    expect(undocumented).toEqual([]);
  });

  it('refuses strangers, users without the permission and other tenants, and changes nothing', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const before = await demoSnapshot();
    let tried = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        const route = registered.find((r) => r.method === method && openApiPath(r.url) === path);
        if (!route || route.public) continue;
        tried++;
        const where = `${method} ${path}`;

        const stranger = await call(method, path);
        expect(stranger.statusCode, `${where} signed out`).toBe(401);

        const nobody = await call(method, path, tokens.nobody);
        if (route.permission !== '*') expect(nobody.statusCode, `${where} without permission`).toBe(403);
        for (const marker of permittedOnly) {
          expect(nobody.body.includes(marker), `${where} leaked ${marker} to a user without permission`).toBe(false);
        }

        const other = await call(method, path, tokens.otherTenantAdmin);
        if (path.includes('{id}')) expect(other.statusCode, `${where} with tenant demo's id`).toBeGreaterThanOrEqual(400);
        // past validation to the tenant check: demo's ids are simply not found
        const tenantOwned = [
          '/api/system/Permission/',
          '/api/system/Parking',
          '/api/system/LongRental',
          '/api/system/Group',
          '/api/system/Device/',
          '/api/system/Payment',
          '/api/system/Refund',
          '/api/system/OrderWarning',
          '/api/system/Arrears/',
        ].some((prefix) => path.startsWith(prefix));
        if (tenantOwned && (path.includes('{id}') || path.includes('{plateNumber}'))) {
          expect(other.statusCode, `${where} with tenant demo's id`).toBe(404);
        }
        for (const marker of markers) {
          expect(other.body.includes(marker), `${where} leaked ${marker} to another tenant`).toBe(false);
        }
      }
    }
    console.log(`route security: ${tried} routes tried as a stranger, a user without permission and another tenant`);
    expect(tried).toBeGreaterThan(10);
    expect(await demoSnapshot()).toEqual(before);
    // every route three times over: about 20 s on a busy 2-core machine, so the default 30 s is too near
  }, 90_000);

  it('will not start a signed-in route that declares no permission', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(app, { config: testConfig(), database });
    await expect(
      bare
        .register(async (scope) => {
          scope.get('/api/system/forgotten', async () => 'secret');
        })
        .ready(),
    ).rejects.toThrow('declares no permission');
    await bare.close();
  });
});
