import { join } from 'node:path';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';
import { LoginPage } from '../auth/login.page.js';

export interface Account {
  account: string;
  password: string;
  /** tenant code, given as ?account= on the login page; demo when absent */
  tenant?: string;
}

export const admin: Account = { account: 'admin', password: 'admin123' };
export const mwFinance: Account = { account: 'mwfinance', password: 'admin123', tenant: 'mw' };
export const mwAdmin: Account = { account: 'mwadmin', password: 'admin123', tenant: 'mw' };

/** Signs in through the login page, as a user would, and waits for the shell. */
export async function signIn(page: Page, who: Account): Promise<void> {
  const login = new LoginPage(page);
  await login.open(who.tenant ? `?account=${who.tenant}` : '');
  await login.signIn(who.account, who.password);
  await expect(page.locator('.app-navbar')).toBeVisible();
}

/**
 * Options for a second browser of one's own: contexts made inside a test inherit the test's
 * options, the admin's saved sign-in included, unless told otherwise.
 */
export const signedOut = (testInfo: TestInfo) => ({
  baseURL: testInfo.project.use.baseURL,
  storageState: { cookies: [], origins: [] },
});

/**
 * Every test starts signed in as admin from one saved sign-in per worker: the server allows only
 * so many sign-ins a minute from one address, and the specs share one server.
 */
export const test = base.extend<object, { adminState: string }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await signIn(page, admin);
      const file = join(workerInfo.project.outputDir, `admin-state-${workerInfo.workerIndex}.json`);
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminState }, use) => use(adminState),
});

export { expect };
