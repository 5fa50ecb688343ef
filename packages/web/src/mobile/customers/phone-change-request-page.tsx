import { mobileMessage, mobilePattern, ownerPagePaths, vehicleAuthPhotoMessages, vehicleAuthPhotoRules } from '@parking/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Result, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { phoneChangeRequestApi } from '../../modules/customers';
import { useCountdown } from './owner-layout';
import '../mobile.css';
import './owner.css';
import './phone-change-request.css';

const digitsOf = (value: string) => value.replace(/\D/g, '');
/** the photo's rules, checked before it is sent (the server judges its bytes again) */
const photoProblem = (file: File | null) =>
  !file
    ? vehicleAuthPhotoMessages.empty
    : !(vehicleAuthPhotoRules.types as readonly string[]).includes(file.type)
      ? vehicleAuthPhotoMessages.wrongType
      : file.size > vehicleAuthPhotoRules.maxBytes
        ? vehicleAuthPhotoMessages.tooLarge
        : '';

/**
 * 申请人工变更 (/owner/phone-request), reached from 车主登录 by one whose old number no longer works:
 * the old number, the new one with its SMS code, a recent order number and a 行驶证 photo of a vehicle
 * bound to the account. Staff review it; once approved the owner signs in with the new number.
 */
export function PhoneChangeRequestPage() {
  const [oldPhone, setOldPhone] = useState('');
  const [newPhone, setNewPhone] = useState('');
  const [code, setCode] = useState('');
  const [orderNo, setOrderNo] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [invalid, setInvalid] = useState('');
  const [left, setLeft] = useCountdown();
  const send = useMutation({ mutationFn: phoneChangeRequestApi.code, onSuccess: (sent) => setLeft(sent.resendIn) });
  const submit = useMutation({ mutationFn: () => phoneChangeRequestApi.submit({ oldPhone, newPhone, code, orderNo: orderNo.trim() }, photo!) });

  const numbersProblem = () =>
    !mobilePattern.test(oldPhone) ? `原手机号：${mobileMessage}` : !mobilePattern.test(newPhone) ? `新手机号：${mobileMessage}` : oldPhone === newPhone ? '新手机号不能与原手机号相同' : '';
  const askCode = () => {
    const problem = numbersProblem();
    setInvalid(problem);
    if (!problem) send.mutate({ oldPhone, newPhone });
  };
  const file = () => {
    const problem = numbersProblem() || (!/^\d{6}$/.test(code) ? '请输入新手机号收到的6位验证码' : '') || (!orderNo.trim() ? '请填写最近一次停车的订单号' : '') || photoProblem(photo);
    setInvalid(problem);
    if (!problem) submit.mutate();
  };
  const error = invalid || send.error?.message || submit.error?.message;

  if (submit.isSuccess) {
    return (
      <main className="mobile-page">
        <header className="mobile-page__header">申请人工变更</header>
        <div className="owner-page">
          <Result
            status="success"
            title={submit.data || '申请已提交，请等待人工审核'}
            subTitle="审核通过后，请使用新手机号登录；车辆、停车记录与欠费保持不变。"
            extra={<Link to={ownerPagePaths.signIn}>返回车主登录</Link>}
          />
        </div>
      </main>
    );
  }

  return (
    <main className="mobile-page">
      <header className="mobile-page__header">申请人工变更</header>
      <div className="owner-page">
        <section className="owner-card">
          <div className="owner-card__title">原手机号已停用，申请更换为新手机号</div>
          <Input size="large" inputMode="numeric" maxLength={11} placeholder="原手机号" aria-label="原手机号" value={oldPhone} onChange={(e) => setOldPhone(digitsOf(e.target.value))} />
          <Input
            size="large"
            style={{ marginTop: 12 }}
            inputMode="numeric"
            maxLength={11}
            placeholder="新手机号"
            aria-label="新手机号"
            value={newPhone}
            onChange={(e) => setNewPhone(digitsOf(e.target.value))}
          />
          <div className="owner-code-row" style={{ marginTop: 12 }}>
            <Input size="large" inputMode="numeric" maxLength={6} placeholder="新手机号验证码" aria-label="新手机号验证码" value={code} onChange={(e) => setCode(digitsOf(e.target.value))} />
            <Button size="large" disabled={left > 0} loading={send.isPending} onClick={askCode}>
              {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
            </Button>
          </div>
          {send.data && (
            <div className="owner-hint">
              验证码已发送至 {send.data.sentTo}
              {send.data.demoHint && `；${send.data.demoHint}`}
              {send.data.demoCode && <span data-testid="owner-demo-code">（演示验证码：{send.data.demoCode}）</span>}
            </div>
          )}
          <Input size="large" style={{ marginTop: 12 }} maxLength={64} placeholder="最近一次停车的订单号" aria-label="订单号" value={orderNo} onChange={(e) => setOrderNo(e.target.value)} />
          <div className="owner-hint">订单号见停车订单详情或支付页面</div>
          <Upload
            className="phone-change-upload"
            accept={vehicleAuthPhotoRules.types.join(',')}
            showUploadList={false}
            beforeUpload={(chosen) => {
              setPhoto(chosen);
              setInvalid(photoProblem(chosen));
              return false;
            }}
          >
            <Button size="large" block style={{ marginTop: 12 }}>
              {photo ? `已选择：${photo.name}（点击更换）` : '上传行驶证照片'}
            </Button>
          </Upload>
          <div className="owner-hint">请上传原手机号名下已绑定车辆的行驶证照片（{vehicleAuthPhotoMessages.hint}）</div>
          {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
          <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={submit.isPending} onClick={file}>
            提交申请
          </Button>
          <div className="owner-hint">
            原手机号仍可接收短信的，请登录后在“更换手机号”中直接更换。<Link to={ownerPagePaths.signIn}>返回车主登录</Link>
          </div>
        </section>
      </div>
    </main>
  );
}
