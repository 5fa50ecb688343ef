import { appealHoldMinutes, type Appeal } from '@parking/contract';
import { Alert, App, Button, Space } from 'antd';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useClaimAppeal, useReleaseAppeal } from '../appeal-api';
import { holderName } from '../appeal.resource';

/** Whose hold an appeal is under, as the signed-in reviewer sees it. */
export type AppealHolder = 'nobody' | 'me' | 'other';

export const holderOf = (appeal: Pick<Appeal, 'claimedBy'>, userId: string | undefined): AppealHolder => (!appeal.claimedBy ? 'nobody' : appeal.claimedBy === userId ? 'me' : 'other');

/** Why the signed-in reviewer cannot decide an appeal someone else holds, as the server says it. */
export const heldRefusal = (appeal: Appeal) => `该申诉已由${holderName(appeal)}领取审核（至 ${formatDateTime(appeal.claimedUntil)}），请稍后再试`;

/**
 * 领取 / 释放 of a pending appeal: who holds it and until when. A hold keeps others from deciding it
 * for appealHoldMinutes; claiming one's own again extends it. Refusals are said by the HTTP layer.
 */
export function AppealHold({ appeal, holder }: { appeal: Appeal; holder: AppealHolder }) {
  const { message } = App.useApp();
  const claim = useClaimAppeal();
  const release = useReleaseAppeal();
  const busy = claim.isPending || release.isPending;
  const act = (mutation: typeof claim, done: string) => () =>
    mutation.mutateAsync(appeal.id).then(
      (answer) => message.success(answer.msg || done),
      // the HTTP layer shows the server's msg (held by someone else meanwhile, decided already…)
      () => undefined,
    );
  const claimButton = (label: string) => (
    <Button size="small" type="primary" loading={claim.isPending} disabled={busy} onClick={act(claim, '已领取')}>
      {label}
    </Button>
  );

  if (holder === 'other') return <Alert type="warning" showIcon title={`${holderName(appeal)} 正在审核`} description={`${heldRefusal(appeal)}。`} />;
  if (holder === 'me') {
    return (
      <Alert
        type="success"
        showIcon
        title={`你已领取该申诉，至 ${formatDateTime(appeal.claimedUntil)} 前他人不能审核`}
        action={
          <Space size={8}>
            {claimButton(`续领${appealHoldMinutes}分钟`)}
            <Button size="small" loading={release.isPending} disabled={busy} onClick={act(release, '已释放')}>
              释放
            </Button>
          </Space>
        }
      />
    );
  }
  return <Alert type="info" showIcon title={`尚未领取：领取后${appealHoldMinutes}分钟内他人不能审核，避免重复处理`} action={claimButton('领取')} />;
}
