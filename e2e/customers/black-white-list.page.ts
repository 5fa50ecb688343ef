import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { openFromSidebar } from '../support/sidebar.js';

/** 车主管理 > 黑白名单 as an operator sees it: the list, its 新增/编辑 form and 移除's reason. */
export class BlackWhiteListPage extends ResourcePage {
  constructor(page: Page) {
    super(page, '.ant-modal:not(.ant-modal-confirm):visible');
  }

  /** Opened from the sidebar, as a person does. */
  async open() {
    await openFromSidebar(this.page, '车主管理', '黑白名单', /#\/customer\/blackWhiteList/);
    await expect(this.current).toBeVisible();
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** The list narrowed by its search form: a text typed, a select picked. */
  async search({ plate, state }: { plate?: string; state?: string }) {
    const form = this.current.locator('.resource-search');
    if (plate !== undefined) await form.getByLabel('车牌号', { exact: true }).fill(plate);
    if (state !== undefined) await this.pickOption(form.getByLabel('状态', { exact: true }), state);
    await form.getByRole('button', { name: /查\s*询/ }).click();
  }
}
