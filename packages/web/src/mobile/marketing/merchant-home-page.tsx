import { formatAmount, merchantSettlementNames, merchantStayParam, type MerchantProfile } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { merchantApi, merchantOpenKey } from './merchant-api';
import { MerchantCouponList } from './merchant-coupon-list';
import { MerchantIssueForm } from './merchant-issue-form';
import { MerchantLayout, MerchantLoad } from './merchant-layout';

/** -¥20.00 for an overdrawn balance, not ¥-20.00 */
const yuan = (fen: number) => `${fen < 0 ? '-' : ''}¥${formatAmount(Math.abs(fen))}`;

function Figure({ label, value, limit, testId }: { label: string; value: string; limit: string | null; testId: string }) {
  return (
    <div className="merchant-figure">
      <div className="merchant-figure__label">{label}</div>
      <div className="merchant-figure__value" data-testid={testId}>
        {value}
        <span className="merchant-figure__limit"> / {limit === null ? '不限' : `上限 ${limit}`}</span>
      </div>
    </div>
  );
}

/** The merchant at a glance: its balance (预付) or 后付, and what it has issued against its limits. */
function ProfileCard({ profile }: { profile: MerchantProfile }) {
  const prepaid = profile.settlement === 'prepaid';
  return (
    <section className="merchant-card merchant-profile">
      <div className="merchant-profile__head">
        <span className="merchant-profile__name">{profile.name}</span>
        <Tag color={prepaid ? 'blue' : 'purple'}>{merchantSettlementNames[profile.settlement]}</Tag>
      </div>
      {prepaid ? (
        <div className="merchant-balance">
          <span className="merchant-figure__label">余额</span>
          <span className={`merchant-balance__amount${profile.balance < 0 ? ' merchant-balance__amount--owed' : ''}`} data-testid="merchant-balance">
            {yuan(profile.balance)}
          </span>
          {profile.overdraftLimit > 0 && <span className="merchant-hint--inline">可透支 {yuan(profile.overdraftLimit)}</span>}
        </div>
      ) : (
        <div className="merchant-balance">
          <span className="merchant-balance__postpaid">后付</span>
          <span className="merchant-hint--inline">已使用的券按月结算</span>
        </div>
      )}
      <div className="merchant-figures">
        <Figure label="今日已发" testId="merchant-today" value={String(profile.issuedToday)} limit={profile.dailyCouponLimit === null ? null : String(profile.dailyCouponLimit)} />
        <Figure label="本月已发" testId="merchant-month" value={String(profile.issuedThisMonth)} limit={profile.monthlyCouponLimit === null ? null : String(profile.monthlyCouponLimit)} />
        <Figure
          label="本月发券金额"
          testId="merchant-month-amount"
          value={yuan(profile.amountThisMonth)}
          limit={profile.monthlyAmountLimit === null ? null : yuan(profile.monthlyAmountLimit)}
        />
      </div>
      {profile.lotNames.length > 0 && <div className="merchant-hint">适用停车场：{profile.lotNames.join('、')}</div>}
    </section>
  );
}

/**
 * 商户发券 (/merchant): the merchant's balance and limits, 发券 to a plate, and the coupons it has issued.
 * Opened from a driver's 商户优惠码 (`?stay=…`), the form starts with the scanned car.
 */
export function MerchantHomePage() {
  const [search] = useSearchParams();
  const stay = search.get(merchantStayParam) ?? '';
  const profile = useQuery({ queryKey: [merchantOpenKey, 'me'], queryFn: merchantApi.me, retry: false });
  // a new mount of the list starts over at page 1 of 全部, where the coupon just issued is on top
  const [listVersion, setListVersion] = useState(0);
  return (
    <MerchantLayout title="商户发券">
      <MerchantLoad pending={profile.isPending} error={profile.error}>
        {() =>
          profile.data && (
            <>
              <ProfileCard profile={profile.data} />
              <MerchantIssueForm options={profile.data.options} stay={stay} onIssued={() => setListVersion((n) => n + 1)} />
              <MerchantCouponList key={listVersion} prepaid={profile.data.settlement === 'prepaid'} />
            </>
          )
        }
      </MerchantLoad>
    </MerchantLayout>
  );
}
