import { endpoint } from '../common/endpoint.js';
import { revenueReport, revenueReportPaths, revenueReportQuery, revenueReportScopes } from './revenue-report.schema.js';

export const revenueReportEndpoints = {
  report: endpoint({ method: 'GET', path: revenueReportPaths.report, query: revenueReportQuery, answer: revenueReport }),
  /** the xlsx of exactly what the report shows for the same query */
  export: endpoint({ method: 'GET', path: revenueReportPaths.export, query: revenueReportQuery, answer: 'file' }),
  /** the lot and area pickers' options */
  scopes: endpoint({ method: 'GET', path: revenueReportPaths.scopes, answer: revenueReportScopes }),
};
