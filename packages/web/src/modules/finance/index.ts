/** The finance module's public face: its pages are reached through app/page-registry only. */
export { revenueReportKey } from './revenue-report-api';
