import { maskMobile, mobileMessage, mobilePattern, phoneChangeRequestPagePath } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ownerApi } from '../../modules/customers';
import { OwnerLayout, OwnerLoad, useCountdown, useSignInAgain } from './owner-layout';

/**
 * 更换手机号 (/owner/phone) for an owner who still has the old number: a code to each number, both
 * typed, and the number changes with no review; vehicles, stays and arrears stay theirs.
 */
export function OwnerPhonePage() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const me = useQuery({ queryKey: ['owner', 'me'], queryFn: ownerApi.me, retry: false });
  const [phone, setPhone] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [invalid, setInvalid] = useState('');
  const [left, setLeft] = useCountdown();
  const send = useMutation({ mutationFn: ownerApi.phoneCodes, onSuccess: (sent) => setLeft(sent.resendIn) });
  const change = useMutation({
    mutationFn: () => ownerApi.changePhone({ phone: phone.trim(), oldCode: oldCode.trim(), newCode: newCode.trim() }),
    onSuccess: async (profile) => {
      void message.success(`手机号已更换为 ${maskMobile(profile.phone)}`);
      setPhone('');
      setOldCode('');
      setNewCode('');
      send.reset();
      await queryClient.invalidateQueries({ queryKey: ['owner'] });
    },
  });
  useSignInAgain(send.error ?? change.error);
  const askCodes = () => {
    setInvalid('');
    if (!mobilePattern.test(phone.trim())) return setInvalid(mobileMessage);
    send.mutate(phone.trim());
  };
  const submit = () => {
    setInvalid('');
    if (!mobilePattern.test(phone.trim())) return setInvalid(mobileMessage);
    if (!/^\d{6}$/.test(oldCode.trim()) || !/^\d{6}$/.test(newCode.trim())) return setInvalid('请输入两个手机号各自收到的6位验证码');
    change.mutate();
  };
  const error = invalid || send.error?.message || change.error?.message;
  const digitsOf = (value: string) => value.replace(/\D/g, '');

  return (
    <OwnerLayout title="更换手机号">
      <OwnerLoad pending={me.isPending} error={me.error}>
        {() => (
          <section className="owner-card">
            <div className="owner-card__title">当前手机号 {me.data ? maskMobile(me.data.phone) : ''}</div>
            <Input size="large" inputMode="numeric" maxLength={11} placeholder="请输入新手机号" aria-label="新手机号" value={phone} onChange={(e) => setPhone(digitsOf(e.target.value))} />
            <Button block size="large" style={{ marginTop: 12 }} disabled={left > 0} loading={send.isPending} onClick={askCodes}>
              {left > 0 ? `${left}秒后重新获取` : '获取验证码（原手机号与新手机号各一条）'}
            </Button>
            {send.data && (
              <div className="owner-hint">
                验证码已发送至 {send.data.oldSentTo} 与 {send.data.newSentTo}
                {send.data.demoHint && `；${send.data.demoHint}`}
                {send.data.demoCodes && (
                  <span data-testid="owner-demo-codes">
                    （演示验证码：原 {send.data.demoCodes.old}，新 {send.data.demoCodes.new}）
                  </span>
                )}
              </div>
            )}
            <Input
              size="large"
              style={{ marginTop: 12 }}
              inputMode="numeric"
              maxLength={6}
              placeholder="原手机号收到的验证码"
              aria-label="原手机号验证码"
              value={oldCode}
              onChange={(e) => setOldCode(digitsOf(e.target.value))}
            />
            <Input
              size="large"
              style={{ marginTop: 12 }}
              inputMode="numeric"
              maxLength={6}
              placeholder="新手机号收到的验证码"
              aria-label="新手机号验证码"
              value={newCode}
              onChange={(e) => setNewCode(digitsOf(e.target.value))}
            />
            {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
            <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={change.isPending} onClick={submit}>
              确认更换
            </Button>
            <div className="owner-hint">
              更换后车辆、停车记录与欠费保持不变，其他设备上的登录将退出。原手机号已无法使用的，请<Link to={phoneChangeRequestPagePath}>申请人工变更</Link>。
            </div>
          </section>
        )}
      </OwnerLoad>
    </OwnerLayout>
  );
}
