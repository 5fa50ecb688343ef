import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { driverPayApi } from '../../modules/payments';
import { formatBusiness } from '../../shared/time/business-time';

/**
 * 商户优惠码 on the order page of a car still in: folded until the driver opens it, then the code a
 * merchant scans with the phone's camera or WeChat to issue a parking coupon to this stay. The code
 * holds the merchant page's address with a stay token, never this page's record token.
 */
export function StayCodeSection({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const code = useQuery({ queryKey: ['driverPay', 'stayCode', token], enabled: open, retry: false, queryFn: () => driverPayApi.stayCode(token) });
  const png = useQuery({ queryKey: ['driverPay', 'stayCodePng', token], enabled: open && code.isSuccess, retry: false, queryFn: () => driverPayApi.stayCodePng(token) });
  const imageUrl = useMemo(() => (png.data ? URL.createObjectURL(png.data) : undefined), [png.data]);
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  if (!open) {
    return (
      <Button type="link" block onClick={() => setOpen(true)}>
        出示商户优惠码
      </Button>
    );
  }
  const error = code.error ?? png.error;
  return (
    <div className="stay-code">
      <div className="driver-pay__label">商户优惠码</div>
      <div className="stay-code__image">
        {error ? <Alert type="error" showIcon title={error.message} /> : imageUrl && code.data ? <img src={imageUrl} alt="商户优惠码" data-url={code.data.url} /> : <Spin />}
      </div>
      <div className="driver-pay__hint">在商场、酒店消费后，请出示此码给商户扫码领取停车优惠</div>
      {code.data && <div className="driver-pay__hint">有效期至 {formatBusiness(code.data.expiresAt, 'HH:mm')}，过期请刷新页面</div>}
      <Button type="link" block onClick={() => setOpen(false)}>
        收起
      </Button>
    </div>
  );
}
