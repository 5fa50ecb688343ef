import { expect, test, type Page, type Response } from '@playwright/test';
import { LoginPage } from '../auth/login.page.js';

interface ScriptFetch {
  path: string;
  encoding: string | null;
  vary: string | null;
  cacheControl: string | null;
  /** as it crossed the network */
  wireBytes: number;
  /** as the browser decoded it */
  rawBytes: number;
}

/** Every script the page fetches from now on, read once the network is quiet. */
const recordScripts = (page: Page) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  return async (): Promise<ScriptFetch[]> => {
    await page.waitForLoadState('networkidle');
    return Promise.all(
      responses.splice(0).map(async (response) => {
        const headers = await response.allHeaders();
        return {
          path: new URL(response.url()).pathname,
          encoding: headers['content-encoding'] ?? null,
          vary: headers.vary ?? null,
          cacheControl: headers['cache-control'] ?? null,
          wireBytes: (await response.request().sizes()).responseBodySize,
          rawBytes: (await response.body()).length,
        };
      }),
    );
  };
};

test('the login page’s scripts arrive compressed, under 300 KB in all, and the shell only once the user signs in', async ({ page }) => {
  const scripts = recordScripts(page);
  const login = new LoginPage(page);
  const documentAnswer = page.waitForResponse((response) => response.request().resourceType() === 'document');
  await login.open();

  // index.html is asked for again at every visit, so a new release is never hidden behind a stale copy
  const document = await documentAnswer;
  expect(await document.headerValue('cache-control')).toBe('no-cache');

  const atLogin = await scripts();
  expect(atLogin.length).toBeGreaterThan(0);
  for (const script of atLogin) {
    expect(script.path, 'a built script under assets/').toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
    expect(script.encoding, script.path).toMatch(/^(br|gzip)$/);
    expect(script.vary?.toLowerCase(), script.path).toContain('accept-encoding');
    expect(script.cacheControl, script.path).toBe('public, max-age=31536000, immutable');
    expect(script.wireBytes, script.path).toBeLessThan(script.rawBytes);
  }
  const wire = atLogin.reduce((sum, script) => sum + script.wireBytes, 0);
  expect(wire, `login page scripts: ${atLogin.map((s) => `${s.path} ${s.wireBytes}`).join(', ')}`).toBeLessThan(300_000);
  // the shell is not among them
  expect(atLogin.map((s) => s.path).filter((path) => path.includes('main-layout'))).toEqual([]);

  // typing into the form starts loading the shell, so it is ready when the sign-in answers
  await login.signIn('admin', 'admin123');
  await expect(page.locator('.app-navbar')).toBeVisible();
  const afterSignIn = await scripts();
  const shell = afterSignIn.filter((s) => s.path.includes('main-layout'));
  expect(shell).toHaveLength(1);
  expect(shell[0]!.encoding).toMatch(/^(br|gzip)$/);
});
