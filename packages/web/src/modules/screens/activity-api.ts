import { activityEndpoints, type ActivityStats } from '@parking/contract';
import { call } from '../../shared/http/call';

export const activityApi = {
  /** 停车统计 of the tenant `tenant` names, or of the account cookie's when it is empty; the page says what went wrong itself. */
  stats: (tenant: string): Promise<ActivityStats> => call(activityEndpoints.open, { query: tenant ? { tenant } : {}, silent: true }),
};
