import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuAdminRoutes } from './menu-admin.routes.js';
import { organizationRoutes } from './organization.routes.js';
import { positionRoutes } from './position.routes.js';
import { roleRoutes } from './role.routes.js';

/** Organizations, positions, roles and menus: who a user is in the tenant and what they may open. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(organizationRoutes);
  await app.register(positionRoutes);
  await app.register(roleRoutes);
  await app.register(menuAdminRoutes);
};
