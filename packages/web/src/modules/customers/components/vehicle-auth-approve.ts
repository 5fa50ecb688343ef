import { maskMobile, vehicleAuthKindNames, type VehicleAuthRequest } from '@parking/contract';

/** What 通过 asks before it acts: a claim says whose vehicle it takes the plate from. */
export const approveQuestion = (request: VehicleAuthRequest) => ({
  title: `确定通过车辆「${request.plateNumber}」的${vehicleAuthKindNames[request.kind]}申请吗？`,
  content:
    request.kind === 'claim'
      ? `通过后车辆将从原车主 ${request.holderPhone ? maskMobile(request.holderPhone) : ''} 解绑，并绑定到车主 ${maskMobile(request.customerPhone)} 名下且为已认证，两位车主都会收到通知。`
      : `通过后车辆将变为已认证，车主 ${maskMobile(request.customerPhone)} 会收到通知。`,
});

/** What 批量通过 asks before it acts. */
export const batchApproveQuestion = (count: number) => ({
  title: `确定通过所选的 ${count} 条申请吗？`,
  content: '所选申请须全部为待审核；其中任一条已被审核时，本次不通过任何申请。',
});
