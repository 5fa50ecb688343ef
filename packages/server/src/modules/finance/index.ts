// The finance module's public face: 对账 and 对账差错 (reconciliation), its routes and daily job.
export { reconciliationRoutes } from './reconciliation.routes.js';
export { reconcileDay } from './reconciliation.service.js';
export { startReconciliationJob } from './reconciliation.job.js';
