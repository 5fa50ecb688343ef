import { groupCardPlate, groupCardStateNames, type GroupCardPublic } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Result, Spin, Tag } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { groupCardOpenApi } from '../../modules/marketing';
import { schemaRule } from '../../shared/resource/schema-check';
import '../mobile.css';
import './marketing-mobile.css';

/** /scanGroupCardQrcode?t=…: where the printed code lands; the card is shown on /groupCardInfo with the same token. */
export function GroupCardScanPage() {
  const [search] = useSearchParams();
  return <Navigate replace to={`/groupCardInfo?t=${encodeURIComponent(search.get('t') ?? '')}`} />;
}

const quotaText = (card: GroupCardPublic) => (card.monthlyQuota === null ? '不限次数' : `${card.remainingQuota ?? 0} 次（每月 ${card.monthlyQuota} 次）`);

function BindPlateForm({ token, onBound }: { token: string; onBound: (card: GroupCardPublic) => void }) {
  const [form] = Form.useForm<{ plateNumber: string }>();
  const bind = useMutation({
    mutationFn: (plateNumber: string) => groupCardOpenApi.bindPlate(token, plateNumber),
    onSuccess: (card) => {
      form.resetFields();
      onBound(card);
    },
  });
  return (
    <section className="group-card__bind">
      <h2 className="group-card__section-title">绑定车牌</h2>
      <Form form={form} layout="vertical" onFinish={(values) => bind.mutate(values.plateNumber.trim().toUpperCase())} requiredMark={false}>
        <Form.Item
          label="车牌号"
          name="plateNumber"
          normalize={(value: unknown) => String(value ?? '').toUpperCase()}
          rules={[{ required: true, whitespace: true, message: '请输入车牌号' }, schemaRule(groupCardPlate)]}
        >
          <Input size="large" placeholder="如 粤B12345" maxLength={9} autoComplete="off" />
        </Form.Item>
        {bind.isError && <Alert type="error" showIcon title={bind.error.message} style={{ marginBottom: 12 }} />}
        {bind.isSuccess && <Alert type="success" showIcon title="绑定成功" style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={bind.isPending}>
          绑定车牌
        </Button>
      </Form>
    </section>
  );
}

/**
 * /groupCardInfo?t=…: a driver's view of a group card, signed out. The server reads the signed
 * token; a forged or expired one shows its Chinese reason and nothing else.
 */
export function GroupCardInfoPage() {
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const queryClient = useQueryClient();
  const queryKey = ['groupCardOpen', token];
  const card = useQuery({
    queryKey,
    enabled: token !== '',
    retry: false,
    queryFn: () => groupCardOpenApi.info(token),
  });

  const body = (() => {
    if (token === '') return <Result status="warning" title="二维码无效" subTitle="请重新扫描集团卡二维码" />;
    if (card.isPending) return <Spin size="large" className="scan-landing__spin" />;
    if (card.isError) return <Result status="error" title="无法查看集团卡" subTitle={card.error.message} />;
    const data = card.data;
    const canBind = data.allowBind && data.state !== 'expired' && data.plates.length < data.maxPlates;
    return (
      <div className="group-card">
        <div className={`group-card__face group-card__face--${data.state}`}>
          <div className="group-card__group">{data.groupName}</div>
          <div className="group-card__no">No. {data.cardNo}</div>
          <div className="group-card__benefit">{data.benefitText}</div>
          <Tag className="group-card__state" color={data.state === 'active' ? 'success' : data.state === 'pending' ? 'processing' : 'default'}>
            {groupCardStateNames[data.state]}
          </Tag>
        </div>
        <Descriptions column={1} size="small" bordered className="scan-landing__facts">
          <Descriptions.Item label="车牌">
            <span className="group-card__plates">
              {data.plates.map((plate) => (
                <Tag key={plate} color="blue">
                  {plate}
                </Tag>
              ))}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="适用停车场">{data.lotNames.join('、') || '—'}</Descriptions.Item>
          <Descriptions.Item label="有效期">
            {data.validFrom} 至 {data.validTo}
          </Descriptions.Item>
          <Descriptions.Item label="本月剩余">{quotaText(data)}</Descriptions.Item>
          <Descriptions.Item label="集团电话">{data.groupPhone}</Descriptions.Item>
        </Descriptions>
        {canBind && <BindPlateForm token={token} onBound={(next) => queryClient.setQueryData(queryKey, next)} />}
        {data.allowBind && !canBind && data.state !== 'expired' && <Alert type="info" showIcon title={`已绑定${data.plates.length}个车牌，已达上限`} />}
      </div>
    );
  })();

  return (
    <main className="mobile-page">
      <header className="mobile-page__header">集团卡</header>
      {body}
    </main>
  );
}
