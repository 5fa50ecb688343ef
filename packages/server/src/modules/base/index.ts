// The public face of base: China's administrative regions (spec's 区域), read-only data.
export { regionRoutes } from './region.routes.js';
export { codeByAddress, regionChildren, regionIndex } from './region.service.js';
