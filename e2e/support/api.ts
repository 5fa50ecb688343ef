import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Calls the API with the page's own sign-in, as the console would: for setting up data a spec is
 * not about, and for showing that the server itself refuses what the console hides.
 */
export async function apiAs(page: Page) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'SMART-TOKEN')?.value;
  expect(token, 'signed in').toBeTruthy();
  const headers = { authorization: token! };
  const send = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) => {
    const response = await page.request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
    return { status: response.status(), body: (await response.json()) as { code: number; msg: string; data: T } };
  };
  return {
    get: <T = unknown>(url: string) => send<T>('GET', url),
    post: <T = unknown>(url: string, data?: unknown) => send<T>('POST', url, data),
    put: <T = unknown>(url: string, data?: unknown) => send<T>('PUT', url, data),
    delete: <T = unknown>(url: string) => send<T>('DELETE', url),
  };
}

/** A user of tenant demo made for one spec, holding the given roles (by name). */
export async function createDemoUser(page: Page, account: string, password: string, roleNames: string[]) {
  const api = await apiAs(page);
  const roles = (await api.get<{ id: string; name: string }[]>('/api/system/Permission/Role/Selector')).body.data;
  const roleIds = roleNames.map((name) => roles.find((r) => r.name === name)!.id);
  const created = await api.post<{ id: string }>('/api/system/Permission/Users', { account, realName: `测试${account}`, password: md5(password), roleIds });
  expect(created.body.msg).toBe('新增成功');
  return created.body.data;
}
