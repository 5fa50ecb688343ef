import { recordEditKindNames, recordEditKinds, recordEditStatusNames, recordEditStatuses, type RecordEditStatus } from '@parking/contract';
import type { BadgeStatus, ValueEnum } from '../../shared/resource/resource-types';

const statusBadges: Readonly<Record<RecordEditStatus, BadgeStatus>> = { requested: 'processing', approved: 'success', rejected: 'error' };

export const recordEditStatusBadge = (status: RecordEditStatus) => statusBadges[status];

export const recordEditStatusEnum: ValueEnum = Object.fromEntries(recordEditStatuses.map((s) => [s, { text: recordEditStatusNames[s], status: statusBadges[s] }]));

export const recordEditKindEnum: ValueEnum = Object.fromEntries(recordEditKinds.map((k) => [k, { text: recordEditKindNames[k] }]));
