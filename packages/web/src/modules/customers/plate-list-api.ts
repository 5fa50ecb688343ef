import { plateListEndpoints } from '@parking/contract';
import { callEnvelope } from '../../shared/http/call';

/** Query-key root of 黑白名单. */
export const plateListResourceKey = 'plateList';

/** 移除 with its reason: the entry stays in the list as 已移除. */
export const removePlateListEntry = async (id: string, reason: string) => (await callEnvelope(plateListEndpoints.remove, { params: { id }, body: { reason }, placesFields: true })).msg;
