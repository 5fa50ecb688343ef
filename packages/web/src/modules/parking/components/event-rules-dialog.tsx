import {
  blacklistEntryRuleNames,
  defaultLotEventRules,
  duplicateEntryRuleNames,
  exitWithoutEntryRuleNames,
  graceReentryRuleNames,
  lotEventRuleHelp,
  lotEventRuleLabels,
  lotEventRuleRanges,
  type LotEventRules,
  type ParkingLot,
} from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Modal, Radio, Spin, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { fetchLotEventRules, lotEventRulesKey, saveLotEventRules } from '../parking-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

type ChoiceRule = 'duplicateEntry' | 'exitWithoutEntry' | 'blacklistEntry' | 'graceReentry';
type NumberRule = keyof typeof lotEventRuleRanges;

const choices: Record<ChoiceRule, Readonly<Record<string, string>>> = {
  duplicateEntry: duplicateEntryRuleNames,
  exitWithoutEntry: exitWithoutEntryRuleNames,
  blacklistEntry: blacklistEntryRuleNames,
  graceReentry: graceReentryRuleNames,
};
/** the form's order: how a car comes in, how it goes out, then the thresholds */
const order: (keyof LotEventRules)[] = [
  'duplicateEntry',
  'blacklistEntry',
  'graceReentry',
  'exitWithoutEntry',
  'firstPeriodMinutes',
  'arrearsAfterMinutes',
  'longStayHours',
  'maxStayDays',
  'minConfidence',
];
const isChoice = (key: keyof LotEventRules): key is ChoiceRule => key in choices;

const numberRules = (key: NumberRule): Rule[] => {
  const { min, max, step } = lotEventRuleRanges[key];
  // '首时段(分钟)' says 首时段 and its unit 分钟
  const [, label = '', unit = ''] = /^([^(]*)(?:\((.*)\))?$/.exec(lotEventRuleLabels[key]) ?? [];
  const rules: Rule[] = [
    { required: true, message: `请输入${label}` },
    { type: 'number', min, max, message: `${label}应在${min}到${max}${unit}之间` },
  ];
  if (!Number.isInteger(step)) return rules;
  const wholeNumber = async (_: unknown, value: unknown) => {
    if (typeof value === 'number' && !Number.isInteger(value)) throw new Error(`${label}必须是整数`);
  };
  return [...rules, { validator: wholeNumber }];
};

/** 事件规则: how the lot's barriers and records answer the edge cases of vehicle events; the server logs each save. */
export function EventRulesDialog({ lot, onClose }: { lot: ParkingLot; onClose: () => void }) {
  const [form] = Form.useForm<LotEventRules>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: lotEventRulesKey(lot.id), queryFn: () => fetchLotEventRules(lot.id) });
  const save = useMutation({
    mutationFn: (rules: LotEventRules) => saveLotEventRules(lot.id, rules),
    onSuccess: (saved) => queryClient.setQueryData(lotEventRulesKey(lot.id), saved),
  });

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ ...defaultLotEventRules, ...values });
    } catch {
      // shown below the form (and by the HTTP layer) with the server's msg; the dialog stays for another try
      return;
    }
    message.success('保存成功');
    onClose();
  };

  return (
    <Modal
      open
      width={680}
      title={`事件规则 - ${lot.name}`}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="defaults" disabled={!current.data} onClick={() => form.setFieldsValue(defaultLotEventRules)}>
          恢复默认
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="save" type="primary" disabled={!current.data} loading={save.isPending} onClick={() => submit().catch(() => undefined)}>
          保存
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">车辆进出遇到下列情况时，本停车场按这里的规则处理；保存后下一次车辆事件起生效。</Typography.Paragraph>
      {current.isPending && (
        <div className="event-rules-loading" style={{ textAlign: 'center', padding: 32 }}>
          <Spin description="加载中…">
            <div style={{ minHeight: 40 }} />
          </Spin>
        </div>
      )}
      {current.isError && <Alert type="error" showIcon title="事件规则加载失败" description={current.error.message} />}
      {current.data && (
        <Form form={form} layout="vertical" initialValues={current.data} requiredMark={false}>
          {order.map((key) =>
            isChoice(key) ? (
              <Form.Item key={key} label={lotEventRuleLabels[key]} name={key} extra={lotEventRuleHelp[key]} rules={[{ required: true, message: `请选择${lotEventRuleLabels[key]}处理方式` }]}>
                <Radio.Group options={Object.entries(choices[key]).map(([value, label]) => ({ value, label }))} />
              </Form.Item>
            ) : (
              <Form.Item key={key} label={lotEventRuleLabels[key]} name={key} extra={lotEventRuleHelp[key]} rules={numberRules(key as NumberRule)}>
                {/* no min/max here: antd would clamp silently, the rules say what is wrong instead */}
                <InputNumber<number> step={lotEventRuleRanges[key as NumberRule].step} style={{ width: 200 }} />
              </Form.Item>
            ),
          )}
        </Form>
      )}
      {save.isError && <Alert type="error" showIcon title={`保存失败：${save.error.message}`} />}
    </Modal>
  );
}
