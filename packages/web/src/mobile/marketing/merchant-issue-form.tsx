import { formatAmount, merchantIssueInput, plateColourName, type MerchantCouponOption, type MerchantStay } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Radio, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { formatBusiness } from '../../shared/time/business-time';
import { merchantApi, merchantOpenKey } from './merchant-api';
import { useMerchantSignInAgain } from './merchant-layout';

/** the plate colours of the dictionary, the common ones first, as 绑定车辆 on the owner's phone takes them */
const colourOptions = [0, 3, 2, 1, 4].map((value) => ({ value, label: plateColourName(value).replace('色', '') }));

function OptionLabel({ option }: { option: MerchantCouponOption }) {
  return (
    <span className="merchant-option__body">
      <span className="merchant-option__name">
        {option.name}
        {!option.beforeEntry && <Tag className="merchant-option__tag">须车辆在场</Tag>}
      </span>
      <span className="merchant-option__sub">
        {option.benefitText} · 结算价 ¥{formatAmount(option.price)} · 有效{option.validHours}小时
      </span>
    </span>
  );
}

/** 已扫码：粤B12345 · 步行街 · 入场 10:05 */
const scannedText = (car: MerchantStay) => [`已扫码：${car.plateNumber}`, car.lotName, car.enteredAt ? `入场 ${formatBusiness(car.enteredAt, 'HH:mm')}` : ''].filter(Boolean).join(' · ');

/**
 * 发券: a coupon of the merchant's to one plate. The plate is checked by the contract's rule before it
 * is sent; a refusal (余额不足, 已达上限, 车辆不在场) is said under the form, which keeps what was typed.
 */
export function MerchantIssueForm({ options, stay = '', onIssued }: { options: readonly MerchantCouponOption[]; stay?: string; onIssued: () => void }) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState('');
  const [plate, setPlate] = useState('');
  const [colour, setColour] = useState(0);
  const [remark, setRemark] = useState('');
  const [invalid, setInvalid] = useState('');
  // a scanned 商户优惠码 fills plate and colour once; a refused one leaves the form for typing
  const scan = useQuery({ queryKey: [merchantOpenKey, 'stay', stay], enabled: stay !== '', retry: false, staleTime: Infinity, queryFn: () => merchantApi.stay(stay) });
  const [scanned, setScanned] = useState<MerchantStay>();
  const [filledFrom, setFilledFrom] = useState<MerchantStay>();
  if (scan.data && scan.data !== filledFrom) {
    setFilledFrom(scan.data);
    setScanned(scan.data);
    setPlate(scan.data.plateNumber);
    setColour(scan.data.plateColour);
  }
  // one coupon to offer is the one to send; a picked coupon withdrawn meanwhile is no choice
  const templateId = options.length === 1 ? options[0]!.id : options.some((o) => o.id === picked) ? picked : '';
  const issue = useMutation({
    mutationFn: merchantApi.issue,
    onSuccess: async () => {
      setScanned(undefined);
      setPlate('');
      setColour(0);
      setRemark('');
      onIssued();
      await queryClient.invalidateQueries({ queryKey: [merchantOpenKey] });
    },
  });
  const signingIn = useMerchantSignInAgain(issue.error ?? scan.error);

  if (options.length === 0) {
    return (
      <section className="merchant-card">
        <div className="merchant-card__title">发券</div>
        <Empty description="暂无可发放的优惠券，请联系停车场运营方" />
      </section>
    );
  }

  const submit = () => {
    setInvalid('');
    issue.reset();
    const checked = merchantIssueInput.safeParse({ templateId, plateNumber: plate, plateColour: colour, remark });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查发券信息');
    issue.mutate(checked.data);
  };
  const refusal = invalid || (signingIn ? '' : issue.error?.message);

  return (
    <section className="merchant-card">
      <div className="merchant-card__title">发券</div>
      {scanned?.plateNumber === plate && scanned.plateColour === colour && (
        <Alert style={{ marginBottom: 12 }} type="success" showIcon data-testid="merchant-scanned" title={scannedText(scanned)} />
      )}
      {scan.isError && !signingIn && (
        <Alert style={{ marginBottom: 12 }} type="error" showIcon data-testid="merchant-scan-refused" title={scan.error.message} description="请让车主重新出示，或直接输入车牌号" />
      )}
      <Radio.Group className="merchant-options" aria-label="优惠券" value={templateId || undefined} onChange={(e) => setPicked(String(e.target.value))}>
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className="merchant-option">
            <OptionLabel option={option} />
          </Radio>
        ))}
      </Radio.Group>
      <Input
        size="large"
        className="merchant-plate"
        placeholder="请输入车牌号，如 粤B12345"
        aria-label="车牌号"
        maxLength={8}
        value={plate}
        onChange={(e) => setPlate(e.target.value.toUpperCase())}
        onPressEnter={submit}
      />
      <div style={{ marginTop: 12 }}>
        <Segmented block aria-label="车牌颜色" options={colourOptions} value={colour} onChange={(value) => setColour(Number(value))} />
      </div>
      <Input
        size="large"
        style={{ marginTop: 12 }}
        placeholder="备注（选填），如 房号、消费单号"
        aria-label="备注"
        maxLength={200}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
      />
      {refusal && <Alert style={{ marginTop: 12 }} type="error" showIcon title={refusal} />}
      {issue.isSuccess && (
        <Alert style={{ marginTop: 12 }} type="success" showIcon data-testid="merchant-issued" title={`发券成功：已向「${issue.data.plateNumber}」发放「${issue.data.templateName}」`} />
      )}
      <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={issue.isPending} onClick={submit}>
        发券
      </Button>
    </section>
  );
}
