import {
  appealDecisionInput,
  appealOutcomeKinds,
  appealOutcomeNames,
  formatAmount,
  plateColourName,
  type AppealDecisionInput,
  type AppealDetail,
  type AppealOutcomeKind,
} from '@parking/contract';
import { Alert, App, Button, DatePicker, Form, Radio, Typography } from 'antd';
import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { RefusalHint } from '../../../shared/components/refusal-hint';
import { showFieldProblems } from '../../../shared/forms/show-field-problems';
import { ApiError, fieldProblemsOf } from '../../../shared/http/api-error';
import { yuanToFen } from '../../../shared/resource/fields/money';
import { MoneyField } from '../../../shared/resource/fields/money-field';
import { PlateColourField, PlateField, plateText } from '../../../shared/resource/fields/plate-field';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { businessIso, dateTimeFormat, formatDateTime, pickerTime } from '../../../shared/resource/value-format';
import { isBeforeWall } from '../../../shared/time/business-time';
import { useDecideAppeal } from '../appeal-api';

export interface AppealDecisionValues {
  kind?: AppealOutcomeKind;
  exitedAt?: Dayjs;
  plateNumber?: string;
  plateColour?: number;
  amountYuan?: string;
  refundYuan?: string;
  reason?: string;
  remark?: string;
}

/** the contract's schema of each outcome, in appealOutcomeKinds' order: their limits and messages are the server's */
const [timesOutcome, , amountOutcome, , refundOutcome, rejectOutcome] = appealDecisionInput.options;
const yuan = (fen: number) => `${formatAmount(fen)} 元`;
/** the form's names of what the request calls otherwise: the fen amounts are typed in yuan */
const formNameOf = (field: string) => ({ amountDue: 'amountYuan', amount: 'refundYuan' })[field] ?? field;

/** What may still be refunded: each payment less what went back or waits on the 退款 page, at most what the stay holds as paid. */
export const refundableOf = (appeal: AppealDetail) =>
  Math.min(
    appeal.record.paid,
    appeal.payments.reduce((sum, p) => sum + Math.max(0, p.amount - p.refunded - p.refundPending), 0),
  );

/** Why an outcome cannot be chosen for this stay, or nothing; the server checks the same again. */
export function outcomeRefusal(appeal: AppealDetail, kind: AppealOutcomeKind): string | undefined {
  const record = appeal.record;
  if (kind === 'reject') return undefined;
  if (record.state === 'void') return '停车记录已作废';
  if (record.state === 'parked' && (kind === 'times' || kind === 'amount')) return '车辆尚未出场';
  if (kind === 'times' && !record.enteredAt) return '没有入场时间';
  if (kind === 'waive' && record.unpaid === 0) return '没有欠费';
  if (kind === 'refund' && refundableOf(appeal) === 0) return '没有可退金额';
  return undefined;
}

export const toDecision = (v: AppealDecisionValues): AppealDecisionInput => {
  const remark = remarkText(v.remark);
  switch (v.kind!) {
    case 'times':
      return { kind: 'times', exitedAt: businessIso(v.exitedAt!), remark };
    case 'plate':
      return { kind: 'plate', plateNumber: plateText(v.plateNumber), plateColour: v.plateColour ?? 0, remark };
    case 'amount':
      return { kind: 'amount', amountDue: yuanToFen(v.amountYuan) ?? 0, remark };
    case 'waive':
      return { kind: 'waive', remark };
    case 'refund':
      return { kind: 'refund', amount: yuanToFen(v.refundYuan) ?? 0, remark };
    case 'reject':
      return { kind: 'reject', reason: remarkText(v.reason), remark };
  }
};

/** The decision in words, for the confirmation: what will happen to the stay. */
function decisionText(appeal: AppealDetail, d: AppealDecisionInput): string {
  switch (d.kind) {
    case 'times':
      return `出场时间更正为 ${formatDateTime(d.exitedAt)}，按计费规则重新计算应收金额。`;
    case 'plate':
      return `车牌更正为 ${d.plateNumber}（${plateColourName(d.plateColour)}）。`;
    case 'amount':
      return `应收金额由 ${yuan(appeal.record.amountDue)} 更正为 ${yuan(d.amountDue)}。`;
    case 'waive':
      return `减免欠费 ${yuan(appeal.record.unpaid)}，停车记录不再欠费。`;
    case 'refund':
      return `${appeal.record.unpaid > 0 ? `先减免欠费 ${yuan(appeal.record.unpaid)}，再` : ''}申请退款 ${yuan(d.amount)}，由他人在「退款」页面审核通过后原路退回。`;
    case 'reject':
      return `驳回原因：${d.reason}`;
  }
}

/** The inputs of one outcome, with what the stay allows of it. */
function OutcomeInputs({ appeal, kind }: { appeal: AppealDetail; kind: AppealOutcomeKind | undefined }) {
  const record = appeal.record;
  const entered = pickerTime(record.enteredAt);
  switch (kind) {
    case 'times':
      return (
        <Form.Item
          label="出场时间"
          name="exitedAt"
          extra="按入场时的计费规则重新计算应收金额；重算后低于优惠与已付之和时不能更正，请改选「退款」。"
          rules={[
            { required: true, message: '请选择出场时间' },
            {
              validator: (_: unknown, value: Dayjs | undefined) => {
                if (value && dayjs(businessIso(value)).isAfter(dayjs())) return Promise.reject(new Error('出场时间不能晚于当前时间'));
                // 此刻 gives a Shanghai-zoned time beside the record's plain wall time: they compare by their fields
                if (value && entered && isBeforeWall(value, entered)) return Promise.reject(new Error('出场时间不能早于入场时间'));
                return Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker showTime format={dateTimeFormat} style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'plate':
      return (
        <>
          <PlateField label="新车牌号" required="请输入车牌号" />
          <PlateColourField required="请选择车牌颜色" />
        </>
      );
    case 'amount': {
      const floor = record.discount + record.paid;
      return (
        <MoneyField
          name="amountYuan"
          label="新的应收金额"
          required="请输入新的应收金额"
          schema={amountOutcome.shape.amountDue}
          extra={`当前应收 ${yuan(record.amountDue)}，优惠 ${yuan(record.discount)}，已付 ${yuan(record.paid)}`}
          // the money taken goes back only through 退款, approved by a second person
          min={record.paid > 0 ? { fen: floor, message: `新的应收金额不能低于优惠与已付之和（${yuan(floor)}）：已付的钱只能经退款退回，请改选「退款」` } : undefined}
        />
      );
    }
    case 'waive':
      return <Alert className="appeal-form__note" type="info" showIcon title={`将减免欠费 ${yuan(record.unpaid)}，停车记录不再欠费。`} />;
    case 'refund': {
      const refundable = refundableOf(appeal);
      return (
        <>
          <MoneyField
            name="refundYuan"
            label="退款金额"
            required="请输入退款金额"
            schema={refundOutcome.shape.amount}
            extra={`已付 ${yuan(record.paid)}，最多可退 ${yuan(refundable)}（已扣除已退和待审核的退款）`}
            max={{ fen: refundable, message: `退款金额不能超过可退金额（${yuan(refundable)}）` }}
          />
          <Alert
            className="appeal-form__note"
            type="warning"
            showIcon
            title="提交后生成退款申请，须由他人在「退款」页面审核通过后才原路退回"
            description={record.unpaid > 0 ? `该记录尚欠 ${yuan(record.unpaid)}，将先减免欠费。` : undefined}
          />
        </>
      );
    }
    case 'reject':
      return <RemarkField schema={rejectOutcome.shape.reason} name="reason" label="驳回原因" required="请填写驳回原因" rows={3} placeholder="请填写驳回原因，车主可在手机上查看" />;
    default:
      return null;
  }
}

interface Props {
  appeal: AppealDetail;
  form: FormInstance<AppealDecisionValues>;
  /** why the signed-in reviewer may not decide it now (someone else holds it) */
  refusal: string | undefined;
}

/**
 * 审核: one outcome, confirmed naming the stay and the outcome, then applied by the server to the
 * record. Its refusal (held by someone else meanwhile, a fee below what was paid…) stays in the form.
 */
export function AppealDecisionForm({ appeal, form, refusal }: Props) {
  const { message, modal } = App.useApp();
  const decide = useDecideAppeal();
  const kind = Form.useWatch('kind', form);
  const [refused, setRefused] = useState<string>();
  const plate = appeal.record.plateNumber || '无牌车';

  const send = async (body: AppealDecisionInput) => {
    let done: string;
    try {
      done = (await decide.mutateAsync({ id: appeal.id, body })).msg;
    } catch (error) {
      const problems = fieldProblemsOf(error);
      if (problems.length > 0) showFieldProblems(form, problems, formNameOf);
      else if (error instanceof ApiError) setRefused(error.message);
      return;
    }
    // the drawer now shows the decided appeal in place of this form
    message.success(done || '审核完成');
  };

  const submit = async () => {
    setRefused(undefined);
    const body = toDecision(await form.validateFields());
    const rejecting = body.kind === 'reject';
    modal.confirm({
      title: `确定对停车记录「${plate}」${rejecting ? '驳回申诉' : appealOutcomeNames[body.kind]}吗？`,
      content: (
        <>
          <Typography.Paragraph>{decisionText(appeal, body)}</Typography.Paragraph>
          <Typography.Text type="secondary">审核后不能撤销，车主可在手机上查看审核结果。</Typography.Text>
        </>
      ),
      okText: rejecting ? '确定驳回' : '确定审核',
      okButtonProps: { danger: rejecting },
      cancelText: '取消',
      onOk: () => send(body),
    });
  };

  const options = appealOutcomeKinds.map((k) => {
    const why = outcomeRefusal(appeal, k);
    const label: ReactNode = why ? `${appealOutcomeNames[k]}（${why}）` : appealOutcomeNames[k];
    return { value: k, label, disabled: Boolean(why) };
  });

  return (
    <Form<AppealDecisionValues>
      form={form}
      layout="vertical"
      className="appeal-form"
      name={`appeal-decision-${appeal.id}`}
      onValuesChange={() => setRefused(undefined)}
      initialValues={{
        exitedAt: pickerTime(appeal.record.exitedAt),
        plateNumber: appeal.record.plateNumber,
        plateColour: appeal.record.plateColour,
        amountYuan: formatAmount(appeal.record.amountDue),
      }}
    >
      <Form.Item label="审核结果" name="kind" rules={[{ required: true, message: '请选择审核结果' }]}>
        <Radio.Group options={options} />
      </Form.Item>
      <OutcomeInputs appeal={appeal} kind={kind} />
      <RemarkField schema={timesOutcome.shape.remark} label="备注" placeholder="选填，仅后台可见" />
      {refused && <Alert className="appeal-form__note" type="error" showIcon title={refused} />}
      <div className="appeal-form__actions">
        <RefusalHint refusal={refusal}>
          <Button type="primary" disabled={Boolean(refusal)} loading={decide.isPending} onClick={() => submit().catch(() => undefined)}>
            提交审核
          </Button>
        </RefusalHint>
      </div>
    </Form>
  );
}
