import { businessDay, groupCardBenefitText, groupCardPagePaths, maskMobile, type GroupCardPublic } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import { checkScanToken, lotNamesOf, qrPng, signScanToken, type QrCodeFile, type QrCodeSigner } from '../parking/index.js';
import { findTenant, recordOperation } from '../system/index.js';
import type { AuthContext } from '../../types.js';
import { findGroupCard, lockTenantCards, updateGroupCardRow, type GroupCardRow } from './group-card.repository.js';
import { checkPlateOverlap, getGroupCard, groupCardTarget, toGroupCard } from './group-card.service.js';

const DAY_MS = 86_400_000;
/** Shanghai is UTC+8 all year: midnight there is 16:00 UTC the day before */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The code stops working when the card does: the end of its last Shanghai day, in unix seconds. */
const endOfDay = (day: string) => Math.floor((Date.parse(`${day}T00:00:00Z`) + DAY_MS - SHANGHAI_OFFSET_MS) / 1000);

/** The PNG of a card's code: the public page's URL with a signed token good until the card ends. */
export const groupCardQrCode = async (db: Db, auth: AuthContext, signer: QrCodeSigner, id: string): Promise<QrCodeFile> => {
  const card = await getGroupCard(db, auth, id);
  const token = signScanToken(signer.secret, { k: 'groupCard', id: card.id, tenant: auth.tenantId, exp: endOfDay(card.validTo) });
  const png = await qrPng(`${signer.baseUrl}${groupCardPagePaths.scan}?t=${token}`);
  return { fileName: `集团卡-${card.cardNo}.png`, png };
};

export interface OpenCard {
  tenantId: string;
  row: GroupCardRow;
}

const gone = () => notFound('集团卡不存在或已停用');

/**
 * The card a token names, read as its tenant inside `work`'s transaction. A forged, altered or
 * other-kind token and an expired one are told apart, and nothing else is said about either.
 */
const withCard = async <T>(db: Db, secret: string, token: string, now: Date, work: (tx: Db, card: OpenCard, today: string) => Promise<T>, lock = false) => {
  const checked = checkScanToken(secret, token, now);
  if (!checked.ok) throw badRequest(checked.reason === 'expired' ? '二维码已过期，请联系集团重新获取' : '二维码无效或已被篡改');
  const { payload } = checked;
  if (payload.k !== 'groupCard') throw badRequest('二维码无效或已被篡改');
  const tenant = await findTenant(db, payload.tenant);
  if (!tenant || !tenant.enabled) throw gone();
  const today = businessDay(now);
  return withTenant(db, tenant.id, async (tx) => {
    // a bind writes the card's plates: binds and staff edits of the tenant's cards go one at a time
    if (lock) await lockTenantCards(tx, tenant.id);
    const row = await findGroupCard(tx, tenant.id, payload.id, today.slice(0, 7));
    if (!row || !row.card.enabled || !row.groupEnabled) throw gone();
    return work(tx, { tenantId: tenant.id, row }, today);
  });
};

const publicView = async (tx: Db, { tenantId, row }: OpenCard, today: string): Promise<GroupCardPublic> => {
  const card = toGroupCard(row, await lotNamesOf(tx, tenantId, row.card.lotIds), today);
  return {
    groupName: card.groupName,
    groupPhone: maskMobile(row.groupPhone),
    cardNo: card.cardNo,
    benefit: card.benefit,
    benefitText: groupCardBenefitText(card),
    plates: card.plates,
    lotNames: card.lotNames,
    validFrom: card.validFrom,
    validTo: card.validTo,
    state: card.state,
    monthlyQuota: card.monthlyQuota,
    remainingQuota: card.remainingQuota,
    allowBind: card.allowBind,
    maxPlates: card.maxPlates,
  };
};

/** GET /api/open/groupCard: what the driver's phone shows of the card. */
export const openGroupCard = (db: Db, secret: string, token: string, now = new Date()) => withCard(db, secret, token, now, publicView);

/** Who a driver's bind is logged as: no user, the request's address. */
export interface OpenActor {
  ip: string;
  userAgent: string;
}

/**
 * POST /api/open/groupCard/plates: a driver adds a plate to a card that allows it, up to its limit,
 * while the card is not expired, and the plate holds no other card on those lots and days.
 */
export const bindGroupCardPlate = (db: Db, secret: string, token: string, plateNumber: string, actor: OpenActor, now = new Date()) =>
  withCard(
    db,
    secret,
    token,
    now,
    async (tx, open, today) => {
      const { card } = open.row;
      if (!card.allowBind) throw badRequest('该集团卡不允许车主自行绑定车牌');
      if (today > card.validTo) throw badRequest('集团卡已过期，不能绑定车牌');
      if (card.plates.includes(plateNumber)) throw badRequest(`车牌「${plateNumber}」已绑定该集团卡`);
      if (card.plates.length >= card.maxPlates) throw badRequest(`该集团卡最多绑定${card.maxPlates}个车牌，已满`);
      await checkPlateOverlap(tx, open.tenantId, { plates: [plateNumber], lotIds: card.lotIds, validFrom: card.validFrom, validTo: card.validTo }, card.id);
      const plates = [...card.plates, plateNumber];
      await updateGroupCardRow(tx, open.tenantId, card.id, { plates });
      await recordOperation(
        tx,
        { tenantId: open.tenantId, userId: null, account: '车主扫码', ip: actor.ip, userAgent: actor.userAgent },
        {
          module: 'marketing',
          action: 'update',
          target: groupCardTarget,
          targetId: card.id,
          summary: `车主扫码为集团卡「${open.row.groupName} ${card.cardNo}」绑定车牌「${plateNumber}」`,
          before: { plates: card.plates },
          after: { plates },
        },
      );
      return publicView(tx, { ...open, row: { ...open.row, card: { ...card, plates } } }, today);
    },
    true,
  );
