import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { LoginPage } from '../auth/login.page.js';

/**
 * Tests start signed in as the demo admin from one sign-in per worker, made through the login
 * page: the server allows only so many sign-ins a minute from one address, and every spec shares it.
 */
export const test = base.extend<object, { adminState: string }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      const login = new LoginPage(page);
      await login.open();
      await login.signIn('admin', 'admin123');
      await expect(page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
      const file = join(workerInfo.project.outputDir, `messages-admin-state-${workerInfo.workerIndex}.json`);
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminState }, use) => use(adminState),
});

export { expect };
