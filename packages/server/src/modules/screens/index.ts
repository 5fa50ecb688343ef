// The public face of screens: read models over the other modules for the big-screen dashboards.
export { activityRoutes } from './activity.routes.js';
export { dataViewRoutes } from './data-view.routes.js';
export { dataViewEventRoutes } from './data-view-events.routes.js';
export { playerRoutes } from './player.routes.js';
export { ensureStandinClip } from './standin-clip.js';
