import { formatAmount, recordEditInput, recordEditKindNames, recordEditKinds, type ParkingRecordDetail, type RecordEditInput, type RecordEditKind } from '@parking/contract';
import { Alert, App, Button, DatePicker, Form, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { yuanToFen } from '../../../shared/resource/fields/money';
import { MoneyField } from '../../../shared/resource/fields/money-field';
import { contractPlateColourOptions, PlateColourField, PlateField, plateText } from '../../../shared/resource/fields/plate-field';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { businessIso, pickerTime } from '../../../shared/resource/value-format';
import { isBeforeWall } from '../../../shared/time/business-time';
import { useRequestRecordEdit } from '../record-edit-audit-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

interface Values {
  kind: RecordEditKind;
  plateNumber?: string;
  plateColour?: number;
  enteredAt?: Dayjs;
  exitedAt?: Dayjs;
  amountYuan?: string;
  reason?: string;
}

/** every kind of request takes the same reason */
const reasonSchema = recordEditInput.options[0].shape.reason;
/** the contract's ceiling of an amount due (100万元) */
const maxAmountDue = 100_000_000;
const timeFormat = 'YYYY-MM-DD HH:mm:ss';

/** Why a kind cannot be asked for on this record, or nothing; the server checks the same again. */
export function kindRefusal(record: ParkingRecordDetail, kind: RecordEditKind): string | undefined {
  if (record.state === 'void') return '停车记录已作废，不能再修改';
  if (kind === 'void' && record.paid > 0) return '已有付款，请先退款再作废';
  if (kind === 'amount' && record.state === 'parked') return '车辆尚未出场，不能修改应收金额';
  return undefined;
}

const toBody = (record: ParkingRecordDetail, v: Values): RecordEditInput => {
  const base = { recordId: record.id, reason: remarkText(v.reason) };
  switch (v.kind) {
    case 'plate':
      return { ...base, kind: 'plate', plateNumber: plateText(v.plateNumber), plateColour: v.plateColour ?? 0 };
    case 'times':
      return { ...base, kind: 'times', enteredAt: businessIso(v.enteredAt!), exitedAt: v.exitedAt ? businessIso(v.exitedAt) : null };
    case 'amount':
      return { ...base, kind: 'amount', amountDue: yuanToFen(v.amountYuan) ?? 0 };
    case 'void':
      return { ...base, kind: 'void' };
  }
};

/** 申请修改: a correction of one record, applied only once another user approves it. */
export function RecordEditRequestDialog({ record, onClose }: { record: ParkingRecordDetail; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const ask = useRequestRecordEdit();
  const kind = Form.useWatch('kind', form);
  const parked = record.state === 'parked';
  const floor = record.discount + record.paid;
  const suggested = record.fee?.amount;
  const firstKind = recordEditKinds.find((k) => !kindRefusal(record, k)) ?? 'plate';

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await ask.mutateAsync(toBody(record, values));
    } catch {
      // the HTTP layer shows the server's msg; the form stays as typed
      return;
    }
    message.success('修改申请已提交，等待审核');
    onClose();
  };

  const notFuture = (label: string) => ({
    validator: (_: unknown, value: Dayjs | undefined) => (value && dayjs(businessIso(value)).isAfter(dayjs()) ? Promise.reject(new Error(`${label}不能晚于当前时间`)) : Promise.resolve()),
  });

  return (
    <Modal
      open
      title="申请修改停车记录"
      okText="提交申请"
      cancelText="取消"
      width={560}
      confirmLoading={ask.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">提交后需由其他有审核权限的人员审核，通过后才会修改停车记录。</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="record-edit-request"
        initialValues={{
          kind: firstKind,
          plateNumber: record.plateNumber,
          plateColour: record.plateColour,
          enteredAt: pickerTime(record.enteredAt ?? undefined),
          exitedAt: pickerTime(record.exitedAt ?? undefined),
          amountYuan: formatAmount(record.amountDue),
        }}
      >
        <Form.Item label="修改类型" name="kind" rules={[{ required: true, message: '请选择修改类型' }]}>
          <Select
            options={recordEditKinds.map((k) => {
              const refusal = kindRefusal(record, k);
              return { value: k, label: refusal ? `${recordEditKindNames[k]}（${refusal}）` : recordEditKindNames[k], disabled: Boolean(refusal) };
            })}
          />
        </Form.Item>

        {kind === 'plate' && (
          <>
            <PlateField label="新车牌号" required="请输入车牌号" />
            <PlateColourField options={contractPlateColourOptions} />
          </>
        )}

        {kind === 'times' && (
          <>
            <Form.Item label="入场时间" name="enteredAt" rules={[{ required: true, message: '请选择入场时间' }, notFuture('入场时间')]}>
              <DatePicker showTime format={timeFormat} style={{ width: '100%' }} />
            </Form.Item>
            {parked ? (
              <Alert type="info" showIcon message="车辆尚未出场，只能修改入场时间" style={{ marginBottom: 16 }} />
            ) : (
              <Form.Item
                label="出场时间"
                name="exitedAt"
                dependencies={['enteredAt']}
                rules={[
                  { required: true, message: '请选择出场时间' },
                  notFuture('出场时间'),
                  ({ getFieldValue }) => ({
                    validator: (_: unknown, value: Dayjs | undefined) => {
                      const entered = getFieldValue('enteredAt') as Dayjs | undefined;
                      // 此刻 gives a Shanghai-zoned time beside the record's plain wall time: they compare by their fields
                      return value && entered && isBeforeWall(value, entered) ? Promise.reject(new Error('出场时间不能早于入场时间')) : Promise.resolve();
                    },
                  }),
                ]}
              >
                <DatePicker showTime format={timeFormat} style={{ width: '100%' }} />
              </Form.Item>
            )}
            {!parked && <Typography.Paragraph type="secondary">审核通过后按入场时的计费规则版本重新计算应收金额。</Typography.Paragraph>}
          </>
        )}

        {kind === 'amount' && (
          <>
            <MoneyField
              name="amountYuan"
              label="新的应收金额"
              required="请输入新的应收金额"
              extra={`当前应收 ${formatAmount(record.amountDue)} 元，不能低于优惠与已付之和 ${formatAmount(floor)} 元`}
              min={{ fen: floor, message: `新的应收金额不能低于优惠与已付之和（${formatAmount(floor)} 元）` }}
              max={{ fen: maxAmountDue, message: '新的应收金额不能超过100万元' }}
            />
            {suggested !== undefined && (
              <Typography.Paragraph type="secondary">
                按计费规则重算的应收为 {formatAmount(suggested)} 元
                <Button type="link" size="small" onClick={() => form.setFieldValue('amountYuan', formatAmount(suggested))}>
                  使用此金额
                </Button>
              </Typography.Paragraph>
            )}
          </>
        )}

        {kind === 'void' && <Alert type="warning" showIcon message="作废后该停车记录不再欠费，也不能再修改。" style={{ marginBottom: 16 }} />}

        <RemarkField schema={reasonSchema} name="reason" label="修改原因" required="请填写修改原因" rows={3} placeholder="请填写修改原因" />
      </Form>
    </Modal>
  );
}
