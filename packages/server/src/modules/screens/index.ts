// The public face of screens: read models over the other modules for the big-screen dashboards.
export { activityRoutes } from './activity.routes.js';
export { dataViewRoutes } from './data-view.routes.js';
