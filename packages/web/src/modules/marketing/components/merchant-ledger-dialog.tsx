import { formatAmount, merchantEndpoints, merchantLedgerInput, merchantLedgerKindNames, type Merchant, type MerchantLedgerInput } from '@parking/contract';
import { App, Descriptions, Form, Modal, Radio } from 'antd';
import { contractProblems, showFieldProblems } from '../../../shared/forms/show-field-problems';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { yuanToFen } from '../../../shared/resource/fields/money';
import { MoneyField } from '../../../shared/resource/fields/money-field';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { fieldInBody } from '../field-in-body';
import { useMerchantLedgerEntry } from '../merchant-api';
import { SignedYuan } from './signed-yuan';

type EntryKind = MerchantLedgerInput['kind'];
interface LedgerEntryValues {
  kind: EntryKind;
  amount: string;
  remark: string;
}

const entryKinds: readonly EntryKind[] = ['top_up', 'adjustment'];

const bodyOf = (values: LedgerEntryValues): MerchantLedgerInput => ({ kind: values.kind, amount: yuanToFen(values.amount) ?? 0, remark: remarkText(values.remark) });

/** 充值/调整: a line of the merchant's ledger, with the balance it leaves shown before it is sent. */
export function MerchantLedgerDialog({ merchant, onClose }: { merchant: Merchant; onClose: () => void }) {
  const [form] = Form.useForm<LedgerEntryValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const entry = useMerchantLedgerEntry();
  const kind = Form.useWatch('kind', form) ?? 'top_up';
  const fen = yuanToFen(Form.useWatch('amount', form));
  const after = fen === null || Number.isNaN(fen) ? undefined : merchant.balance + fen;
  // 充值 must be positive, neither may be 0: the contract's rules, which read the kind too
  const amountCheck = fieldInBody(merchantLedgerInput, () => bodyOf(form.getFieldsValue(true) as LedgerEntryValues), 'amount');

  const submit = async () => {
    const values = await form.validateFields();
    const body = bodyOf(values);
    const refused = contractProblems(merchantEndpoints.ledgerEntry.body, body, 'body');
    if (refused.length > 0) {
      showFieldProblems(form, refused);
      return;
    }
    let msg: string;
    try {
      msg = (await entry.mutateAsync({ id: merchant.id, body })).msg;
    } catch (error) {
      showFieldProblems(form, fieldProblemsOf(error));
      return;
    }
    message.success(msg || `${merchantLedgerKindNames[body.kind]}成功`);
    onClose();
  };

  return (
    <Modal
      open
      title={`充值/调整：${merchant.name}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={entry.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Descriptions size="small" column={2} bordered className="merchant-ledger-balance">
        <Descriptions.Item label="当前余额">
          <SignedYuan fen={merchant.balance} /> 元
        </Descriptions.Item>
        <Descriptions.Item label={`${merchantLedgerKindNames[kind]}后余额`}>{after === undefined ? '—' : <SignedYuan fen={after} />} 元</Descriptions.Item>
        <Descriptions.Item label="透支额度" span={2}>
          {formatAmount(merchant.overdraftLimit)} 元
        </Descriptions.Item>
      </Descriptions>
      <Form<LedgerEntryValues> form={form} layout="vertical" name="merchant-ledger-entry" initialValues={{ kind: 'top_up', amount: '', remark: '' }}>
        <Form.Item label="类型" name="kind">
          <Radio.Group
            options={entryKinds.map((k) => ({ value: k, label: merchantLedgerKindNames[k] }))}
            // what the amount may be depends on the kind: an amount already typed is judged again at once
            onChange={() => {
              if (form.isFieldTouched('amount')) void form.validateFields(['amount']).catch(() => undefined);
            }}
          />
        </Form.Item>
        <MoneyField
          name="amount"
          label="金额"
          required="请输入金额"
          schema={amountCheck}
          placeholder={kind === 'top_up' ? '如 500.00' : '增加填正数，扣减填负数，如 -50.00'}
          extra={kind === 'adjustment' ? '增加填正数，扣减填负数' : undefined}
        />
        <RemarkField
          schema={merchantLedgerInput.shape.remark}
          required={kind === 'adjustment' ? '请填写调整原因' : undefined}
          placeholder={kind === 'adjustment' ? '请填写调整原因' : '请输入备注'}
        />
      </Form>
    </Modal>
  );
}
