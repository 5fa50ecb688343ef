import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown } from '../support/sidebar.js';

/** 订单管理 > 订单预警 as staff see it: the 订单异常 / 车辆布控 tabs, the table and the 处理 dialog. */
export class OrderWarningPage extends ResourcePage {
  readonly search: Locator;

  constructor(page: Page) {
    super(page);
    this.search = this.current.locator('.resource-search');
  }

  /** By its address, as a system message's link opens it (…?id=<warning>&type=1|2). */
  async visit(query = '') {
    await this.page.goto(`/#/OrderManagement/OrderWarning${query}`);
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  tab(name: '订单异常' | '车辆布控'): Locator {
    return this.current.getByRole('tab', { name });
  }

  async searchPlate(plate: string) {
    await this.search.getByLabel('车牌号', { exact: true }).fill(plate);
    await this.search.getByRole('button', { name: /查\s*询/ }).click();
  }
}
