import { deflateSync } from 'node:zlib';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CustomerSource } from '@parking/contract';
import { insertCustomer } from '../../modules/customers/customer.repository.js';
import { bindVehicle, unbindVehicle } from '../../modules/customers/customer.service.js';
import { filePhoneChangeRequest, rejectPhoneChange } from '../../modules/customers/phone-change.service.js';
import { approveVehicleAuth, rejectVehicleAuth, submitVehicleAuthentication, submitVehicleClaim } from '../../modules/customers/vehicle-auth.service.js';
import type { Db } from '../client.js';
import { customers, customerVehicles, parkingRecords, tenants, users } from '../schema/index.js';
import { demoAdminAuth } from './demo-auth.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The CRC-32 a PNG chunk ends with. */
const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A stand-in 行驶证 photo for the demo: a pale card with a darker frame, title band and ruled lines,
 * tinted per owner so two requests do not look the same. A real PNG: the review drawer shows and zooms it.
 */
export const demoLicencePhoto = (tint: readonly [number, number, number]) => {
  const width = 480;
  const height = 320;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const frame = x < 8 || y < 8 || x >= width - 8 || y >= height - 8;
      const band = y >= 24 && y < 64 && x >= 24 && x < width - 24;
      const line = y > 90 && (y - 90) % 36 < 2 && x >= 40 && x < width - 40;
      const shade = frame ? 0.55 : band ? 0.75 : line ? 0.7 : 0.96;
      const at = 1 + x * 3;
      row[at] = Math.round(tint[0] * shade);
      row[at + 1] = Math.round(tint[1] * shade);
      row[at + 2] = Math.round(tint[2] * shade);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

interface DemoOwner {
  phone: string;
  nickname: string;
  source: CustomerSource;
  registeredDaysAgo: number;
}

/** Tenant demo's owners: phones 138…, from every register source. Others may add owners here. */
export const demoOwners: readonly DemoOwner[] = [
  { phone: '13800138001', nickname: '张先生', source: 'miniapp', registeredDaysAgo: 40 },
  { phone: '13800138002', nickname: '李女士', source: 'mp', registeredDaysAgo: 21 },
  { phone: '13800138003', nickname: '王师傅', source: 'h5', registeredDaysAgo: 12 },
  { phone: '13800138004', nickname: '赵经理', source: 'console', registeredDaysAgo: 8 },
  { phone: '13800138005', nickname: '陈先生', source: 'miniapp', registeredDaysAgo: 3 },
  { phone: '13800138006', nickname: '刘女士', source: 'mp', registeredDaysAgo: 1 },
];

/**
 * Tenant demo's owners and their vehicles in every binding state, with 车辆认证审核 requests waiting
 * (two 认证 and one 过户申诉) and decided ones, each made through the services that make them in
 * production, so the type 2 messages point at real requests. Runs once, on a fresh install; the
 * photos are written under `dataDir` as any submitted photo is.
 */
export const seedDemoCustomers = async (db: Db, dataDir: string, now = new Date()) => {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
  if (!demo) return false;
  const tenantId = demo.id;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
  if (!admin) return false;
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, demoOwners[0]!.phone)));
  if (existing) return false;

  const auth = demoAdminAuth(tenantId, admin.id, 'demo-customers');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS);
  const owners = new Map<string, string>();
  for (const o of demoOwners) {
    const registeredAt = new Date(now.getTime() - o.registeredDaysAgo * DAY_MS);
    owners.set(o.phone, await insertCustomer(db, tenantId, { phone: o.phone, nickname: o.nickname, source: o.source, registeredAt }));
  }
  const owner = (phone: string) => owners.get(phone)!;
  const bind = async (phone: string, plateNumber: string, minutesAgo: number, plateColour = 0) =>
    (await bindVehicle(db, auth, { customerId: owner(phone), plateNumber, plateColour }, ago(minutesAgo))).id;
  const submit = (phone: string, vehicleId: string, minutesAgo: number, tint: readonly [number, number, number]) =>
    submitVehicleAuthentication(db, { tenantId, customerId: owner(phone), vehicleId, photo: demoLicencePhoto(tint), dataDir, now: ago(minutesAgo) });

  // 张先生: 粤B10001 已认证, 粤BD10002 (green, new energy) 未认证
  const verified = await bind('13800138001', '粤B10001', 30 * 24 * 60);
  const approved = await submit('13800138001', verified, 30 * 24 * 60 - 10, [90, 130, 200]);
  await approveVehicleAuth(db, auth, approved.id, ago(30 * 24 * 60 - 60));
  await bind('13800138001', '粤BD10002', 5 * 24 * 60, 3);
  // 李女士: 粤B20001 认证中, waiting
  await submit('13800138002', await bind('13800138002', '粤B20001', 2 * 24 * 60), 95, [120, 160, 110]);
  // 王师傅: 粤B30001 认证失败, the photo too blurred
  const failed = await bind('13800138003', '粤B30001', 10 * 24 * 60);
  const blurred = await submit('13800138003', failed, 10 * 24 * 60 - 5, [170, 150, 110]);
  await rejectVehicleAuth(db, auth, blurred.id, { reason: '照片模糊，无法看清号牌号码和车辆识别代号，请重新拍摄' }, ago(9 * 24 * 60));
  // 赵经理: 粤B40001 已解绑 (sold), 粤B40002 未认证
  const sold = await bind('13800138004', '粤B40001', 7 * 24 * 60);
  await unbindVehicle(db, auth, sold, ago(2 * 24 * 60));
  await bind('13800138004', '粤B40002', 2 * 24 * 60 - 30);
  // 陈先生 bought 粤B10001 from 张先生: the plate is 张先生's 已认证, so he files a 过户申诉
  await submitVehicleClaim(db, { tenantId, customerId: owner('13800138005'), plateNumber: '粤B10001', plateColour: 0, photo: demoLicencePhoto([150, 110, 170]), dataDir, now: ago(40) });
  // 刘女士: 粤B60001 认证中, waiting beside 李女士's for a 批量通过
  await submit('13800138006', await bind('13800138006', '粤B60001', 24 * 60), 20, [110, 150, 160]);
  await seedDemoPhoneChanges(db, tenantId, auth, owner, dataDir, ago);
  return true;
};

/**
 * 手机号变更审核: 王师傅 lost 138…003 and waits for review with his 行驶证 and an order number; 赵经理's
 * earlier request was rejected, its order number not one of his plates. Filed through the service the
 * phone page files through (its code checked there), so the type 3 messages point at real requests.
 */
const seedDemoPhoneChanges = async (db: Db, tenantId: string, auth: ReturnType<typeof demoAdminAuth>, owner: (phone: string) => string, dataDir: string, ago: (minutes: number) => Date) => {
  const origin = { ip: '', userAgent: '车主手机端' };
  // the newest stay of one of the owner's plates, if the demo has one, else the newest stay of the lot
  const orderOf = async (phone: string) => {
    const plates = (
      await db
        .select({ plate: customerVehicles.plateNumber })
        .from(customerVehicles)
        .where(eq(customerVehicles.customerId, owner(phone)))
    ).map((v) => v.plate);
    const [own] = plates.length
      ? await db
          .select({ id: parkingRecords.id })
          .from(parkingRecords)
          .where(and(eq(parkingRecords.tenantId, tenantId), inArray(parkingRecords.plateNumber, plates)))
          .orderBy(desc(parkingRecords.enteredAt))
          .limit(1)
      : [];
    const [any] = await db.select({ id: parkingRecords.id }).from(parkingRecords).where(eq(parkingRecords.tenantId, tenantId)).orderBy(desc(parkingRecords.enteredAt)).limit(1);
    return own?.id ?? any?.id;
  };
  const rejected = await filePhoneChangeRequest(
    db,
    tenantId,
    { oldPhone: '13800138004', newPhone: '13900139004', orderNo: (await orderOf('13800138006')) ?? 'P202611010001' },
    demoLicencePhoto([140, 140, 150]),
    dataDir,
    origin,
    ago(6 * 24 * 60),
  );
  await rejectPhoneChange(db, auth, rejected.id, { reason: '所填订单号不属于该车主的车辆，请核对后重新申请' }, ago(5 * 24 * 60));
  await filePhoneChangeRequest(
    db,
    tenantId,
    { oldPhone: '13800138003', newPhone: '13900139003', orderNo: (await orderOf('13800138003')) ?? 'P202611240003' },
    demoLicencePhoto([170, 150, 110]),
    dataDir,
    origin,
    ago(50),
  );
};
