/** The recovery module's public face: 手动放行 of a record held at the exit, for a record's 详情. */
export { AbnormalReleaseButton, canReleaseAbnormally } from './components/abnormal-release-button';
