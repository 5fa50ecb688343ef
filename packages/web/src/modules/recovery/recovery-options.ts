import { paymentChannelNames, paymentChannels, reminderChannelNames, reminderChannels } from '@parking/contract';
import type { ValueEnum } from '../../shared/resource/resource-types';

export const plateMatchEnum: ValueEnum = { exact: { text: '精确' }, prefix: { text: '前缀' } };

export const paymentChannelEnum: ValueEnum = Object.fromEntries(paymentChannels.map((channel) => [channel, { text: paymentChannelNames[channel] }]));

export const reminderChannelOptions = reminderChannels.map((channel) => ({ value: channel, label: reminderChannelNames[channel] }));

/** what staff take arrears in at the desk: the driver's own app channels are not keyed in by hand */
export const collectChannelOptions = (['cash', 'wechat', 'alipay'] as const).map((channel) => ({ value: channel, label: paymentChannelNames[channel] }));
