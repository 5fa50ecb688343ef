/** The finance module's public face: its routes. Other modules import finance only from here. */
export { revenueReportRoutes } from './revenue-report.routes.js';
