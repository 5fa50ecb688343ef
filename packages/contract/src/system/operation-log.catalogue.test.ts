import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { device, screenMessage } from '../devices/index.js';
import { coupon, couponTemplate, group, groupCard, merchant, specialBill } from '../marketing/index.js';
import { systemMessage } from '../messages/index.js';
import { plateListEntry } from '../customers/index.js';
import { appeal, complaint } from '../service/index.js';
import { reconciliationMistake } from '../finance/index.js';
import { lotEventRules, orderWarning, recordEditRequest } from '../orders/index.js';
import { longRental, parkingArea, parkingLane, parkingLot, parkingSpace, tariffDetail } from '../parking/index.js';
import { payment, refund } from '../payments/index.js';
import { arrearsReminder } from '../recovery/index.js';
import { dictDetail } from './dictionary.schema.js';
import { menuAdminItem } from './menu-admin.schema.js';
import { organization } from './organization.schema.js';
import { position } from './position.schema.js';
import { role } from './role.schema.js';
import { tenant } from './tenant.schema.js';
import { keptBackup } from './backup.schema.js';
import { systemUserRow } from './user.schema.js';
import { auditField, auditKinds, auditModuleName, auditTargetName, auditTargets, commonAuditFields, readableFieldName, type AuditTarget } from './operation-log.catalogue.js';

/** The object each kind logs, as the contract defines it: every field it can show in 详情. */
const loggedObjects: Partial<Record<AuditTarget, z.ZodObject[]>> = {
  user: [systemUserRow],
  organization: [organization],
  position: [position],
  role: [role],
  menu: [menuAdminItem],
  dictDetail: [dictDetail],
  tenant: [tenant],
  backup: [keptBackup],
  systemMessage: [systemMessage],
  parkingArea: [parkingArea],
  parkingLot: [parkingLot, lotEventRules],
  parkingLane: [parkingLane],
  parkingSpace: [parkingSpace],
  tariff: [tariffDetail],
  longRental: [longRental],
  device: [device],
  screenMessage: [screenMessage],
  orderWarning: [orderWarning],
  plateList: [plateListEntry],
  recordEditAudit: [recordEditRequest],
  payment: [payment],
  refund: [refund],
  arrearsReminder: [arrearsReminder],
  group: [group],
  groupCard: [groupCard],
  specialBill: [specialBill],
  merchant: [merchant],
  couponTemplate: [couponTemplate],
  coupon: [coupon],
  complaint: [complaint],
  appeal: [appeal],
  reconciliationMistake: [reconciliationMistake],
};

describe('the operation log catalogue', () => {
  it('labels every field of every logged object in Chinese', () => {
    const unlabelled = Object.entries(loggedObjects).flatMap(([target, schemas]) =>
      schemas.flatMap((schema) =>
        Object.keys(schema.shape)
          .filter((field) => !/[\u4e00-\u9fff]/.test(auditField(target, field).label))
          .map((field) => `${target}.${field}`),
      ),
    );
    expect(unlabelled).toEqual([]);
  });

  it('points every id field at a kind it knows', () => {
    const fieldSets = [commonAuditFields, ...Object.values(auditKinds).map((kind) => kind.fields as Readonly<Record<string, unknown>>)];
    const refs = fieldSets.flatMap((fields) => Object.values(fields).flatMap((spec) => (typeof spec === 'object' && spec !== null && 'ref' in spec ? [spec.ref as string] : [])));
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter((ref) => !auditTargets.includes(ref as AuditTarget))).toEqual([]);
  });

  it("prefers a kind's own label, then the common one, then the field name as words", () => {
    expect(auditField('groupCard', 'lotIds')).toEqual({ label: '适用停车场', ref: 'parkingLot' });
    expect(auditField('groupCard', 'monthlyQuota').label).toBe('每月次数');
    expect(auditField('parkingLane', 'lotId')).toEqual({ label: '停车场', ref: 'parkingLot' });
    expect(auditField('parkingLot', 'minConfidence').label).toBe('最低识别置信度');
    expect(auditField('groupCard', 'brandNewField').label).toBe('brand new field');
    expect(auditField('unknownKind', 'name').label).toBe('名称');
    expect(readableFieldName('lot_ids')).toBe('lot ids');
  });

  it('names targets and modules, and keeps an unknown code as it is', () => {
    expect(auditTargetName('groupCard')).toBe('集团卡');
    expect(auditTargetName('payment')).toBe('支付记录');
    expect(auditTargetName('somethingOld')).toBe('somethingOld');
    expect(auditModuleName('marketing')).toBe('停车运营');
    expect(auditModuleName('toString')).toBe('toString');
  });
});
