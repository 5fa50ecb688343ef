import { z } from 'zod';
import { resourcePaths } from '../common/endpoint.js';
import { pagedList, pageQuery } from '../common/paging.js';

export const reconciliationBatchPaths = {
  ...resourcePaths('/api/system/AccountCheck'),
  rerun: '/api/system/AccountCheck/Actions/Rerun',
} as const;
export const reconciliationMistakePaths = {
  ...resourcePaths('/api/system/AccountCheckMistake'),
  resolve: '/api/system/AccountCheckMistake/:id/Actions/Resolve',
} as const;

/** The channels reconciled against a provider's bill: the one provider wired in. */
export const reconciledChannels = ['sandbox'] as const;
export type ReconciledChannel = (typeof reconciledChannels)[number];
/** the channel's part of a batch number: 20260309-01 */
export const reconciledChannelCodes: Readonly<Record<ReconciledChannel, string>> = { sandbox: '01' };

/** succeeded: the bill was read and compared (mistakes may be found); failed: the bill could not be read; no_bill: the provider has none yet */
export const reconciliationBatchStates = ['succeeded', 'failed', 'no_bill'] as const;
export type ReconciliationBatchState = (typeof reconciliationBatchStates)[number];
export const reconciliationBatchStateNames: Readonly<Record<ReconciliationBatchState, string>> = {
  succeeded: '成功',
  failed: '失败',
  no_bill: '无账单',
};

export const reconciliationMistakeKinds = ['our_missing', 'channel_missing', 'amount_mismatch', 'state_mismatch'] as const;
export type ReconciliationMistakeKind = (typeof reconciliationMistakeKinds)[number];
export const reconciliationMistakeKindNames: Readonly<Record<ReconciliationMistakeKind, string>> = {
  our_missing: '我方漏单',
  channel_missing: '渠道漏单',
  amount_mismatch: '金额不符',
  state_mismatch: '状态不符',
};
/** The page's 名词解释, in the product's money words. */
export const reconciliationGlossary: readonly { term: string; meaning: string }[] = [
  { term: '我方漏单', meaning: '渠道账单有这笔交易，我方没有入账的支付（长款）' },
  { term: '渠道漏单', meaning: '我方有这笔支付，渠道账单没有（短款）；零点前后的交易要等次日账单复核后才算差错' },
  { term: '金额不符', meaning: '双方都有这笔交易但金额不同：渠道多于我方为长款，少于我方为短款' },
  { term: '状态不符', meaning: '退款只在一方：我方已退款而渠道没有，或渠道已退款而我方没有；或渠道已收款，我方因停车记录已用其他方式结清而未入账（重复支付，需退还）' },
  { term: '长款', meaning: '渠道收到的钱多于我方记录' },
  { term: '短款', meaning: '我方记录的钱多于渠道收到的' },
  {
    term: '以渠道为准',
    meaning:
      '按渠道账单改我方记录：我方漏单补记支付（停车记录及其欠费随之结清）；渠道漏单作废我方支付，停车记录重新待付或转欠费；长款的金额不符补记多收的金额；我方已退款而渠道没有的，以原退款单号重新向渠道提交退款',
  },
  { term: '退还重复支付', meaning: '停车记录已用其他方式结清（或渠道多收），渠道收到的钱补记为支付后立即原路退还车主，双方账目都有这笔支付和退款' },
  { term: '以我方为准', meaning: '保留我方记录，填写说明后结案；短款的金额不符、只在渠道一方的退款只能以我方为准' },
];

/** pending: a 渠道漏单 near midnight waiting for the next day's bill; unhandled: to be resolved; resolved */
export const reconciliationMistakeStatuses = ['pending', 'unhandled', 'resolved'] as const;
export type ReconciliationMistakeStatus = (typeof reconciliationMistakeStatuses)[number];
export const reconciliationMistakeStatusNames: Readonly<Record<ReconciliationMistakeStatus, string>> = {
  pending: '待复核',
  unhandled: '未处理',
  resolved: '已处理',
};

/** channel: 以渠道为准; ours: 以我方为准; refund: 退还重复支付 */
export const reconciliationResolutions = ['channel', 'ours', 'refund'] as const;
export type ReconciliationResolution = (typeof reconciliationResolutions)[number];
export const reconciliationResolutionNames: Readonly<Record<ReconciliationResolution, string>> = {
  channel: '以渠道为准',
  ours: '以我方为准',
  refund: '退还重复支付',
};

/** 长款: the provider has more than our records; 短款: our records say more than the provider has */
export type ReconciliationBalance = '长款' | '短款' | '';
export const balanceOf = (ourAmount: number, channelAmount: number): ReconciliationBalance => (channelAmount > ourAmount ? '长款' : channelAmount < ourAmount ? '短款' : '');

const dayText = (label: string) => z.string({ error: `${label}应为 YYYY-MM-DD` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}应为 YYYY-MM-DD`);
const batchNoText = z.string().trim().min(1, '批次号不能为空').max(32, '批次号最长32位');

export const reconciliationBatchListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['day'], { error: '排序字段只能是 day' }).optional(),
  batchNo: batchNoText.optional(),
  channel: z.enum(reconciledChannels, { error: `渠道只能是 ${reconciledChannels.join('、')}` }).optional(),
  state: z.enum(reconciliationBatchStates, { error: `对账状态只能是 ${reconciliationBatchStates.join('、')}` }).optional(),
  dayFrom: dayText('开始日期').optional(),
  dayTo: dayText('结束日期').optional(),
});
export type ReconciliationBatchListQuery = z.input<typeof reconciliationBatchListQuery>;
export type ReconciliationBatchListValues = z.output<typeof reconciliationBatchListQuery>;

export const reconciliationBatch = z.object({
  id: z.string(),
  batchNo: z.string(),
  day: z.string(),
  channel: z.enum(reconciledChannels),
  state: z.enum(reconciliationBatchStates),
  ourCount: z.number().int(),
  ourAmount: z.number().int(),
  ourRefundCount: z.number().int(),
  ourRefundAmount: z.number().int(),
  channelCount: z.number().int(),
  channelAmount: z.number().int(),
  channelRefundCount: z.number().int(),
  channelRefundAmount: z.number().int(),
  mistakeCount: z.number().int(),
  unhandledCount: z.number().int(),
  remark: z.string(),
  reconciledAt: z.string(),
});
export type ReconciliationBatch = z.infer<typeof reconciliationBatch>;
export const reconciliationBatchPage = pagedList(reconciliationBatch);

export const reconciliationRerunInput = z.strictObject({
  day: dayText('对账日期'),
  channel: z.enum(reconciledChannels, { error: `渠道只能是 ${reconciledChannels.join('、')}` }).default('sandbox'),
});
export type ReconciliationRerunInput = z.input<typeof reconciliationRerunInput>;

export const reconciliationMistakeListQuery = z.strictObject({
  ...pageQuery.shape,
  sidx: z.enum(['tradedAt'], { error: '排序字段只能是 tradedAt' }).optional(),
  batchNo: batchNoText.optional(),
  kind: z.enum(reconciliationMistakeKinds, { error: `差错类型只能是 ${reconciliationMistakeKinds.join('、')}` }).optional(),
  status: z.enum(reconciliationMistakeStatuses, { error: `处理状态只能是 ${reconciliationMistakeStatuses.join('、')}` }).optional(),
  orderNo: z.string().trim().min(1, '商户订单号不能为空').max(64, '商户订单号最长64位').optional(),
});
export type ReconciliationMistakeListQuery = z.input<typeof reconciliationMistakeListQuery>;
export type ReconciliationMistakeListValues = z.output<typeof reconciliationMistakeListQuery>;

export const reconciliationMistake = z.object({
  id: z.string(),
  batchId: z.string(),
  batchNo: z.string(),
  day: z.string(),
  channel: z.enum(reconciledChannels),
  kind: z.enum(reconciliationMistakeKinds),
  orderNo: z.string(),
  refundNo: z.string(),
  tradeNo: z.string(),
  recordId: z.string().nullable(),
  plateNumber: z.string(),
  ourAmount: z.number().int(),
  channelAmount: z.number().int(),
  /** 长款 / 短款 */
  balance: z.enum(['长款', '短款', '']),
  tradedAt: z.string(),
  status: z.enum(reconciliationMistakeStatuses),
  resolution: z.enum(reconciliationResolutions).nullable(),
  /** the resolutions this mistake allows */
  resolutions: z.array(z.enum(reconciliationResolutions)),
  remark: z.string(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type ReconciliationMistake = z.infer<typeof reconciliationMistake>;
export const reconciliationMistakePage = pagedList(reconciliationMistake);

export const reconciliationResolveInput = z
  .strictObject({
    resolution: z.enum(reconciliationResolutions, { error: `处理方式只能是 ${reconciliationResolutions.join('、')}` }),
    remark: z.string({ error: '处理说明必须是文字' }).trim().max(255, '处理说明最长255个字').default(''),
  })
  .refine((v) => v.resolution !== 'ours' || v.remark.length > 0, { message: '以我方为准须填写处理说明', path: ['remark'] });
export type ReconciliationResolveInput = z.input<typeof reconciliationResolveInput>;
export type ReconciliationResolveValues = z.output<typeof reconciliationResolveInput>;
