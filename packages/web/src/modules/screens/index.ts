/** The screens module's public face: the call the public 停车统计 phone page makes. */
export { activityApi } from './activity-api';
