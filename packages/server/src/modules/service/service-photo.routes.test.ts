import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealPaths, complaintPaths, ownerPaths, ownerTokenHeader } from '@parking/contract';
import { operationLogs, parkingLots, parkingRecords, servicePhotos, tenants } from '../../db/schema/index.js';
import type { SmsSender } from '../auth/index.js';
import { md5Hex } from '../auth/passwords.js';
import { appSecret } from '../../shared/app-secret.js';
import { signRecordToken } from '../parking/index.js';
import { buildTestApp, fixedClock, multipartFile, signIn, type TestApp } from '../../test/test-app.js';

// the app's clock, fixed: record tokens are signed and judged at known moments
const clock = fixedClock('2026-03-10T02:00:00Z');
const sent: { mobile: string; code: string }[] = [];
const capturingSender: SmsSender = { name: 'test', send: async (message) => void sent.push(message) };
let t: TestApp;
let demoId: string;
let lotId: string;
let admin: string;
let mwAdmin: string;
/** a user of the tenant without 客户投诉 and 申诉审核 */
let outsider: string;
let secret: string;
let sequence = 0;

/** a 1×1 PNG and the first bytes of a JPEG: images by their bytes */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const addressOf = new Map<string, string>();
/** a request as staff (authorization), as an owner (owner token) or as nobody */
type Who = { staff: string } | { owner: string } | null;
const headersOf = (who: Who) => (who === null ? {} : 'staff' in who ? { authorization: who.staff } : { [ownerTokenHeader]: who.owner });
const remoteOf = (who: Who) => (who && 'owner' in who ? addressOf.get(who.owner) : undefined);
const send = (method: Method, url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: remoteOf(who), headers: headersOf(who), ...(payload ? { payload } : {}) });
const upload = (url: string, who: Who, bytes: Buffer = png, options: { field?: string; contentType?: string } = {}) => {
  const body = multipartFile(bytes, { filename: '现场.png', ...options });
  return t.app.inject({ method: 'POST', url, remoteAddress: remoteOf(who), headers: { ...headersOf(who), ...body.headers }, payload: body.payload }).then((r) => r.json());
};
const path = (template: string, id: string, photoId = '') => template.replace(':id', id).replace(':photoId', photoId);
const nextPhone = () => `1372222${String(++sequence).padStart(4, '0')}`;
const nextPlate = () => `粤B${String(++sequence).padStart(4, '0')}P`;

const signInOwner = async (phone: string) => {
  clock.advance(61_000);
  const remoteAddress = `10.9.${Math.floor(sequence / 200)}.${sequence % 200}`;
  await t.app.inject({ method: 'POST', url: ownerPaths.smsCode, remoteAddress, payload: { phone } });
  const code = [...sent].reverse().find((m) => m.mobile === phone)!.code;
  const signedIn = (await t.app.inject({ method: 'POST', url: ownerPaths.signIn, remoteAddress, payload: { phone, code } })).json();
  expect(signedIn.code, signedIn.msg).toBe(200);
  addressOf.set(signedIn.data.token, remoteAddress);
  return signedIn.data.token as string;
};
const stayOf = async (plateNumber: string) =>
  (
    await t.database.db
      .insert(parkingRecords)
      .values({
        tenantId: demoId,
        lotId,
        plateNumber,
        enteredAt: new Date('2026-03-08T01:00:00Z'),
        exitedAt: new Date('2026-03-08T03:00:00Z'),
        amountDue: 1500,
        unpaid: 1500,
        state: 'unpaid',
      })
      .returning()
  )[0]!.id;
const staffComplaint = async (channel = 'phone') => {
  const answer = (await send('POST', complaintPaths.list, { staff: admin }, { category: 'billing', channel, content: '道闸砸到车顶', contactPhone: nextPhone() })).json();
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id as string;
};
const ownerComplaint = async () => {
  const owner = await signInOwner(nextPhone());
  const answer = (await send('POST', complaintPaths.owner, { owner }, { category: 'barrier', content: '道闸砸到车顶' })).json();
  expect(answer.code, answer.msg).toBe(200);
  return { owner, id: answer.data.id as string };
};
/** an owner with a stay of their plate, appealed */
const ownerAppeal = async () => {
  const owner = await signInOwner(nextPhone());
  const plateNumber = nextPlate();
  expect((await send('POST', ownerPaths.vehicles, { owner }, { plateNumber })).json().code).toBe(200);
  const recordId = await stayOf(plateNumber);
  const answer = (await send('POST', appealPaths.owner, { owner }, { recordId, reason: 'wrong_time', content: '我13点前就离开了' })).json();
  expect(answer.code, answer.msg).toBe(200);
  return { owner, id: answer.data.id as string };
};
const photoFiles = async (folder: string) => readdir(join(t.app.config.dataDir, 'photos', demoId, folder)).catch(() => [] as string[]);
const logsOf = (targetId: string) =>
  t.database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.targetId, targetId), eq(operationLogs.module, 'service')));

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender });
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
  lotId = (await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '照片停车场', type: 1, kind: 'lane' }).returning())[0]!.id;
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  secret = await appSecret(t.database.db, 'qr');
  const menus = (await send('GET', '/api/system/Permission/Menu', { staff: admin })).json().data as { enCode: string; id: string; children: { enCode: string; id: string }[] }[];
  const page = (enCode: string) => menus.flatMap((m) => m.children).find((m) => m.enCode === enCode)!.id;
  const role = (await send('POST', '/api/system/Permission/Role', { staff: admin }, { name: '退款员', code: 'refundOnly' })).json().data;
  await send('PUT', `/api/system/Permission/Role/${role.id}/Menus`, { staff: admin }, { menuIds: [page('refund')] });
  await send('POST', '/api/system/Permission/Users', { staff: admin }, { account: 'refunder', realName: '退款员甲', password: md5Hex('x1y2z3'), roleIds: [role.id] });
  outsider = await signIn(t.app, 'refunder', 'demo', md5Hex('x1y2z3'));
});
afterAll(() => t.close());

describe('photos of a complaint staff enter', () => {
  it('take up to 4 photos, show them on the detail, serve them privately and log each one', async () => {
    const id = await staffComplaint();
    const before = (await photoFiles('complaints')).length;
    for (let n = 1; n <= 4; n += 1) {
      const added = await upload(path(complaintPaths.photos, id), { staff: admin }, n % 2 ? png : jpeg);
      expect(added.code, added.msg).toBe(200);
      expect(added.data).toHaveLength(n);
    }
    expect(await upload(path(complaintPaths.photos, id), { staff: admin })).toMatchObject({ code: 400, msg: '每条投诉最多上传4张照片' });
    expect((await photoFiles('complaints')).length).toBe(before + 4);

    const detail = (await send('GET', path(complaintPaths.item, id), { staff: admin })).json().data;
    expect(detail.photos).toHaveLength(4);
    expect(detail.photos[0]).toMatchObject({ addedBy: 'staff' });
    const served = await send('GET', path(complaintPaths.photo, id, detail.photos[0].id), { staff: admin });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
    expect(served.rawPayload).toEqual(served.headers['content-type'] === 'image/png' ? png : jpeg);
    const types = await Promise.all(detail.photos.map(async (p: { id: string }) => (await send('GET', path(complaintPaths.photo, id, p.id), { staff: admin })).headers['content-type']));
    expect(types.sort()).toEqual(['image/jpeg', 'image/jpeg', 'image/png', 'image/png']);

    const logs = await logsOf(id);
    expect(logs.filter((l) => l.summary.includes('添加照片'))).toHaveLength(4);
  });

  it('refuse an empty file, another type, one over 5 MB and a wrong field in Chinese, keeping nothing', async () => {
    const id = await staffComplaint();
    const before = (await photoFiles('complaints')).length;
    expect(await upload(path(complaintPaths.photos, id), { staff: admin }, Buffer.alloc(0))).toMatchObject({ code: 400, msg: '请上传投诉照片' });
    expect(await upload(path(complaintPaths.photos, id), { staff: admin }, Buffer.from('GIF89a-not-allowed'))).toMatchObject({
      code: 400,
      msg: '投诉照片只能是 JPG、PNG 或 WebP 格式的图片',
    });
    expect(await upload(path(complaintPaths.photos, id), { staff: admin }, Buffer.from('%PDF-1.7'), { contentType: 'image/png' })).toMatchObject({
      code: 400,
      msg: '投诉照片只能是 JPG、PNG 或 WebP 格式的图片',
    });
    expect(await upload(path(complaintPaths.photos, id), { staff: admin }, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]))).toMatchObject({ code: 400, msg: '投诉照片不能超过5MB' });
    expect(await upload(path(complaintPaths.photos, id), { staff: admin }, png, { field: 'photo' })).toMatchObject({ code: 400, msg: '投诉照片应放在字段 file 中' });
    expect((await send('POST', path(complaintPaths.photos, id), { staff: admin }, { file: 'x' })).json()).toMatchObject({ code: 400 });
    expect((await photoFiles('complaints')).length).toBe(before);
    expect(await t.database.db.select().from(servicePhotos).where(eq(servicePhotos.complaintId, id))).toEqual([]);
  });

  it('are removed by staff while open, and a completed complaint takes and loses none', async () => {
    const id = await staffComplaint();
    const [first] = (await upload(path(complaintPaths.photos, id), { staff: admin })).data;
    await upload(path(complaintPaths.photos, id), { staff: admin });
    const files = (await photoFiles('complaints')).length;
    const removed = (await send('DELETE', path(complaintPaths.photo, id, first.id), { staff: admin })).json();
    expect(removed.code, removed.msg).toBe(200);
    expect(removed.data).toHaveLength(1);
    expect((await photoFiles('complaints')).length).toBe(files - 1);
    expect((await send('GET', path(complaintPaths.photo, id, first.id), { staff: admin })).statusCode).toBe(404);
    expect((await logsOf(id)).some((l) => l.summary.includes('删除投诉') && l.summary.includes('的照片'))).toBe(true);

    const [kept] = (await send('GET', path(complaintPaths.item, id), { staff: admin })).json().data.photos;
    expect((await send('POST', path(complaintPaths.complete, id), { staff: admin }, { result: '已赔付' })).json().code).toBe(200);
    expect(await upload(path(complaintPaths.photos, id), { staff: admin })).toMatchObject({ code: 409, msg: '该投诉已完成，不能再添加或删除照片' });
    expect((await send('DELETE', path(complaintPaths.photo, id, kept.id), { staff: admin })).json()).toMatchObject({ code: 409, msg: '该投诉已完成，不能再添加或删除照片' });
    // still visible once completed
    expect((await send('GET', path(complaintPaths.photo, id, kept.id), { staff: admin })).statusCode).toBe(200);
  });

  it('are hidden from another tenant, a user without the page and the anonymous, as if absent', async () => {
    const id = await staffComplaint();
    const [photo] = (await upload(path(complaintPaths.photos, id), { staff: admin })).data;
    const url = path(complaintPaths.photo, id, photo.id);
    expect((await send('GET', url, { staff: mwAdmin })).statusCode).toBe(404);
    expect((await send('GET', url, { staff: outsider })).statusCode).toBe(403);
    expect((await send('GET', url, null)).statusCode).toBe(401);
    expect(await upload(path(complaintPaths.photos, id), { staff: mwAdmin })).toMatchObject({ code: 404 });
    expect((await send('DELETE', url, { staff: mwAdmin })).json()).toMatchObject({ code: 404 });
    // a photo named under another complaint of the tenant is not found either
    const other = await staffComplaint();
    expect((await send('GET', path(complaintPaths.photo, other, photo.id), { staff: admin })).statusCode).toBe(404);
  });
});

describe("photos of the owner's own complaint", () => {
  it('are added, seen and removed by the owner, seen by staff, and hidden from another owner', async () => {
    const { owner, id } = await ownerComplaint();
    const added = await upload(path(complaintPaths.ownerPhotos, id), { owner });
    expect(added.code, added.msg).toBe(200);
    const [photo] = added.data;
    expect(photo).toMatchObject({ addedBy: 'owner' });
    const mine = (await send('GET', complaintPaths.owner, { owner })).json().data;
    expect(mine[0].photos).toEqual([photo]);
    expect((await send('GET', path(complaintPaths.ownerPhoto, id, photo.id), { owner })).rawPayload).toEqual(png);
    expect((await send('GET', path(complaintPaths.photo, id, photo.id), { staff: admin })).statusCode).toBe(200);

    const stranger = (await ownerComplaint()).owner;
    expect((await send('GET', path(complaintPaths.ownerPhoto, id, photo.id), { owner: stranger })).statusCode).toBe(404);
    expect(await upload(path(complaintPaths.ownerPhotos, id), { owner: stranger })).toMatchObject({ code: 404 });
    expect((await send('DELETE', path(complaintPaths.ownerPhoto, id, photo.id), { owner: stranger })).json()).toMatchObject({ code: 404 });
    expect((await send('GET', path(complaintPaths.ownerPhoto, id, photo.id), null)).statusCode).toBe(401);

    // staff neither add to nor remove from the owner's own filing
    expect(await upload(path(complaintPaths.photos, id), { staff: admin })).toMatchObject({ code: 409 });
    expect((await send('DELETE', path(complaintPaths.photo, id, photo.id), { staff: admin })).json()).toMatchObject({ code: 409 });

    expect((await send('DELETE', path(complaintPaths.ownerPhoto, id, photo.id), { owner })).json()).toMatchObject({ code: 200, data: [] });
    expect((await logsOf(id)).map((l) => l.summary)).toEqual(expect.arrayContaining([expect.stringMatching(/^车主为投诉.*添加照片/), expect.stringMatching(/^车主删除投诉/)]));
  });

  it('refuse the fifth photo and any once the complaint is 已完成', async () => {
    const { owner, id } = await ownerComplaint();
    for (let n = 0; n < 4; n += 1) expect((await upload(path(complaintPaths.ownerPhotos, id), { owner })).code).toBe(200);
    expect(await upload(path(complaintPaths.ownerPhotos, id), { owner })).toMatchObject({ code: 400, msg: '每条投诉最多上传4张照片' });
    await send('POST', path(complaintPaths.complete, id), { staff: admin }, { result: '已处理' });
    const [photo] = (await send('GET', complaintPaths.owner, { owner })).json().data[0].photos;
    expect((await send('DELETE', path(complaintPaths.ownerPhoto, id, photo.id), { owner })).json()).toMatchObject({ code: 409, msg: '该投诉已完成，不能再添加或删除照片' });
  });
});

describe("photos of the order page's complaint", () => {
  const fileFromPage = async () => {
    const recordId = await stayOf(nextPlate());
    const o = signRecordToken(secret, { id: recordId, tenant: demoId, lane: null }, clock.now(), 600_000);
    const filed = (await t.app.inject({ method: 'POST', url: complaintPaths.record, payload: { o, category: 'billing', content: '多收了钱', contactPhone: nextPhone() } })).json();
    expect(filed.code, filed.msg).toBe(200);
    return { o, id: filed.data.id as string };
  };
  const withToken = (template: string, id: string, o: string, photoId = '') => `${path(template, id, photoId)}?o=${encodeURIComponent(o)}`;

  it('are added and removed with the record token the complaint was filed with, and staff see them', async () => {
    const { o, id } = await fileFromPage();
    const added = await upload(withToken(complaintPaths.recordPhotos, id, o), null);
    expect(added.code, added.msg).toBe(200);
    const [photo] = added.data;
    expect(photo).toMatchObject({ addedBy: 'driver' });
    expect((await send('GET', path(complaintPaths.photo, id, photo.id), { staff: admin })).statusCode).toBe(200);
    expect((await send('DELETE', withToken(complaintPaths.recordPhoto, id, o, photo.id), null)).json()).toMatchObject({ code: 200, data: [] });
  });

  it("refuse another stay's token, a forged or expired one, and a staff-entered complaint", async () => {
    const { o, id } = await fileFromPage();
    const other = await fileFromPage();
    expect(await upload(withToken(complaintPaths.recordPhotos, id, other.o), null)).toMatchObject({ code: 404 });
    expect(await upload(withToken(complaintPaths.recordPhotos, id, 'forged.token'), null)).toMatchObject({ code: 400, msg: '二维码无效或已被篡改，请重新扫码' });
    const recordId = await stayOf(nextPlate());
    const old = signRecordToken(secret, { id: recordId, tenant: demoId, lane: null }, new Date(clock.now().getTime() - 3_600_000), 600_000);
    expect(await upload(withToken(complaintPaths.recordPhotos, id, old), null)).toMatchObject({ code: 400, msg: '订单二维码已过期，请重新扫码' });
    expect(await upload(path(complaintPaths.recordPhotos, id), null)).toMatchObject({ code: 400 });
    const entered = await staffComplaint();
    expect(await upload(withToken(complaintPaths.recordPhotos, entered, o), null)).toMatchObject({ code: 404 });
  });
});

describe("photos of the owner's appeal", () => {
  it('are added by the owner while 待审核, shown to the reviewer beside the record, and refused once decided', async () => {
    const { owner, id } = await ownerAppeal();
    const added = await upload(path(appealPaths.ownerPhotos, id), { owner }, jpeg);
    expect(added.code, added.msg).toBe(200);
    const [photo] = added.data;
    const detail = (await send('GET', path(appealPaths.item, id), { staff: admin })).json().data;
    expect(detail.photos).toEqual([photo]);
    const served = await send('GET', path(appealPaths.photo, id, photo.id), { staff: admin });
    expect(served.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
    expect((await send('GET', appealPaths.owner, { owner })).json().data[0].photos).toEqual([photo]);
    expect((await send('GET', path(appealPaths.ownerPhoto, id, photo.id), { owner })).statusCode).toBe(200);
    expect((await photoFiles('appeals')).length).toBeGreaterThan(0);
    expect((await logsOf(id)).some((l) => l.target === 'appeal' && l.summary.includes('添加照片'))).toBe(true);

    for (let n = 0; n < 3; n += 1) expect((await upload(path(appealPaths.ownerPhotos, id), { owner })).code).toBe(200);
    expect(await upload(path(appealPaths.ownerPhotos, id), { owner })).toMatchObject({ code: 400, msg: '每条申诉最多上传4张照片' });
    expect((await send('DELETE', path(appealPaths.ownerPhoto, id, photo.id), { owner })).json()).toMatchObject({ code: 200 });

    expect((await send('POST', path(appealPaths.decide, id), { staff: admin }, { kind: 'reject', reason: '照片看不出问题' })).json().code).toBe(200);
    expect(await upload(path(appealPaths.ownerPhotos, id), { owner })).toMatchObject({ code: 409, msg: '该申诉已审核，不能再添加或删除照片' });
    const [kept] = (await send('GET', path(appealPaths.item, id), { staff: admin })).json().data.photos;
    expect((await send('DELETE', path(appealPaths.ownerPhoto, id, kept.id), { owner })).json()).toMatchObject({ code: 409 });
  });

  it('are hidden from another owner, another tenant, a user without the page and the anonymous', async () => {
    const { owner, id } = await ownerAppeal();
    const [photo] = (await upload(path(appealPaths.ownerPhotos, id), { owner })).data;
    const stranger = await signInOwner(nextPhone());
    expect((await send('GET', path(appealPaths.ownerPhoto, id, photo.id), { owner: stranger })).statusCode).toBe(404);
    expect(await upload(path(appealPaths.ownerPhotos, id), { owner: stranger })).toMatchObject({ code: 404 });
    expect((await send('DELETE', path(appealPaths.ownerPhoto, id, photo.id), { owner: stranger })).json()).toMatchObject({ code: 404 });
    expect((await send('GET', path(appealPaths.photo, id, photo.id), { staff: mwAdmin })).statusCode).toBe(404);
    expect((await send('GET', path(appealPaths.photo, id, photo.id), { staff: outsider })).statusCode).toBe(403);
    expect((await send('GET', path(appealPaths.photo, id, photo.id), null)).statusCode).toBe(401);
    expect((await send('GET', path(appealPaths.ownerPhoto, id, photo.id), null)).statusCode).toBe(401);
    expect(await upload(path(appealPaths.ownerPhotos, id), { owner }, Buffer.from('<svg/>'))).toMatchObject({ code: 400, msg: '申诉照片只能是 JPG、PNG 或 WebP 格式的图片' });
  });
});
