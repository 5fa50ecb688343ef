import { couponBenefitText, couponStateNames, couponStates, formatAmount, merchantRevokeInput, plateColourName, type CouponState, type MerchantCoupon } from '@parking/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Modal, Pagination, Select, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../shared/resource/value-format';
import { merchantApi, merchantOpenKey } from './merchant-api';
import { useMerchantSignInAgain } from './merchant-layout';

const pageSize = 10;
const yuan = (fen: number) => `¥${formatAmount(fen)}`;
const stateColours: Readonly<Record<CouponState, string>> = { unused: 'blue', in_use: 'gold', used: 'green', expired: 'default', revoked: 'red' };
const stateOptions = [{ value: '', label: '全部' }, ...couponStates.map((state) => ({ value: state, label: couponStateNames[state] }))];
/** a coupon not used up yet may still be taken back */
const revocable = (coupon: MerchantCoupon) => coupon.state === 'unused' || coupon.state === 'in_use';

/** 作废 with its required reason: the coupon can no longer be used, and a 预付 merchant gets its price back. */
function RevokeDialog({ coupon, prepaid, onClose }: { coupon: MerchantCoupon; prepaid: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const revoke = useMutation({
    mutationFn: (checked: string) => merchantApi.revoke(coupon.id, checked),
    onSuccess: async (msg) => {
      void message.success(msg || '作废成功');
      onClose();
      await queryClient.invalidateQueries({ queryKey: [merchantOpenKey] });
    },
  });
  const signingIn = useMerchantSignInAgain(revoke.error);
  const submit = () => {
    setInvalid('');
    const checked = merchantRevokeInput.safeParse({ reason });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请填写作废原因');
    revoke.mutate(checked.data.reason);
  };
  const refusal = invalid || (signingIn ? '' : revoke.error?.message);
  return (
    <Modal
      open
      centered
      title={`作废「${coupon.plateNumber}」的优惠券`}
      okText="作废"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={revoke.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        「{coupon.templateName}」作废后不能再使用{coupon.state === 'in_use' ? '，本次停车出场时不再抵扣' : ''}
        {prepaid ? `；结算价 ${yuan(coupon.price)} 将退回商户余额` : ''}。
      </Typography.Paragraph>
      <Input.TextArea rows={3} maxLength={200} placeholder="请填写作废原因" aria-label="作废原因" value={reason} onChange={(e) => setReason(e.target.value)} />
      {refusal && <Alert style={{ marginTop: 12 }} type="error" showIcon title={refusal} />}
    </Modal>
  );
}

function CouponItem({ coupon, onRevoke }: { coupon: MerchantCoupon; onRevoke: () => void }) {
  return (
    <div className="merchant-coupon" data-testid="merchant-coupon">
      <div className="merchant-coupon__head">
        <span className="merchant-coupon__plate">
          {coupon.plateNumber}
          <span className="merchant-hint--inline">{plateColourName(coupon.plateColour)}</span>
        </span>
        <Tag color={stateColours[coupon.state]}>{couponStateNames[coupon.state]}</Tag>
      </div>
      <div className="merchant-coupon__name">
        {coupon.templateName} · {couponBenefitText(coupon)}
      </div>
      <dl className="merchant-rows">
        <dt>发券时间</dt>
        <dd>{formatDateTime(coupon.issuedAt)}</dd>
        <dt>到期时间</dt>
        <dd>{formatDateTime(coupon.expiresAt)}</dd>
        {coupon.state === 'used' && (
          <>
            <dt>使用时间</dt>
            <dd>{coupon.usedAt ? formatDateTime(coupon.usedAt) : '-'}</dd>
            <dt>抵扣金额</dt>
            <dd className="merchant-coupon__discount">{yuan(coupon.discount)}</dd>
          </>
        )}
        {coupon.state === 'revoked' && coupon.revokeReason && (
          <>
            <dt>作废原因</dt>
            <dd>{coupon.revokeReason}</dd>
          </>
        )}
        {coupon.remark && (
          <>
            <dt>备注</dt>
            <dd>{coupon.remark}</dd>
          </>
        )}
        <dt>券号</dt>
        <dd>{coupon.couponNo}</dd>
      </dl>
      {revocable(coupon) && (
        <div className="merchant-coupon__actions">
          <Button size="small" danger onClick={onRevoke} aria-label={`作废「${coupon.plateNumber}」的「${coupon.templateName}」`}>
            作废
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * 已发券: the merchant's coupons, newest first, a page at a time, by state and plate. It starts over
 * (page 1, 全部) when it is mounted again, which the page does after each 发券 so the new one is on top.
 */
export function MerchantCouponList({ prepaid }: { prepaid: boolean }) {
  const [currentPage, setCurrentPage] = useState(1);
  const [state, setState] = useState<CouponState | ''>('');
  const [typed, setTyped] = useState('');
  const [plateNumber, setPlateNumber] = useState('');
  const [revoking, setRevoking] = useState<MerchantCoupon | null>(null);
  const query = { currentPage, pageSize, ...(state ? { state } : {}), ...(plateNumber ? { plateNumber } : {}) };
  const coupons = useQuery({ queryKey: [merchantOpenKey, 'coupons', query], queryFn: () => merchantApi.coupons(query), placeholderData: keepPreviousData, retry: false });
  const signingIn = useMerchantSignInAgain(coupons.error);
  const search = (value: string) => {
    setPlateNumber(value.trim().toUpperCase());
    setCurrentPage(1);
  };
  const filtered = state !== '' || plateNumber !== '';
  const total = coupons.data?.pagination.total ?? 0;

  return (
    <section className="merchant-card">
      <div className="merchant-card__title">已发券{coupons.data && <span className="merchant-hint--inline">共 {total} 张</span>}</div>
      <div className="merchant-filters">
        <Select
          aria-label="券状态"
          className="merchant-filters__state"
          options={stateOptions}
          value={state}
          onChange={(value) => {
            setState(value);
            setCurrentPage(1);
          }}
        />
        <Input.Search
          allowClear
          placeholder="搜索车牌号"
          aria-label="搜索车牌号"
          maxLength={16}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value.toUpperCase());
            if (e.target.value === '' && plateNumber) search('');
          }}
          onSearch={search}
        />
      </div>
      {coupons.isPending || signingIn ? (
        <Spin className="merchant-spin" />
      ) : coupons.error ? (
        <Alert type="error" showIcon title="已发券加载失败" description={coupons.error.message} />
      ) : (
        <Spin spinning={coupons.isFetching && coupons.isPlaceholderData}>
          {coupons.data?.list.length ? (
            coupons.data.list.map((coupon) => <CouponItem key={coupon.id} coupon={coupon} onRevoke={() => setRevoking(coupon)} />)
          ) : (
            <Empty description={filtered ? '没有符合条件的优惠券' : '还没有发放优惠券'} />
          )}
        </Spin>
      )}
      {total > pageSize && <Pagination simple align="center" className="merchant-pages" current={currentPage} pageSize={pageSize} total={total} onChange={setCurrentPage} />}
      {revoking && <RevokeDialog coupon={revoking} prepaid={prepaid} onClose={() => setRevoking(null)} />}
    </section>
  );
}
