import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown, openFromSidebar } from '../support/sidebar.js';

/** 联合追缴 > 欠费订单, a plate's 详情 and 追缴记录 as staff see them. */
export class ArrearsPage extends ResourcePage {
  readonly search: Locator;
  readonly detail: Locator;

  constructor(page: Page) {
    super(page);
    this.search = this.current.locator('.resource-search');
    this.detail = page.locator('.unpaid-detail').filter({ visible: true });
  }

  async openFromMenu(item: '欠费订单' | '追缴记录') {
    await this.page.goto('/#/');
    await openFromSidebar(this.page, '联合追缴', item, item === '欠费订单' ? /#\/jointRecovery\/unpaidOrders/ : /#\/jointRecovery\/recoveryRecord/);
    await expect(this.current).toBeVisible();
  }

  async searchPlate(plate: string) {
    await this.search.getByLabel('车牌号', { exact: true }).fill(plate);
    await this.search.getByRole('button', { name: /查\s*询/ }).click();
  }

  /** 查询 the plates owing at one lot, picked by name in the 停车场 filter. */
  async searchLot(name: string) {
    await this.searchOption(this.search.getByLabel('停车场', { exact: true }), name);
    await this.search.getByRole('button', { name: /查\s*询/ }).click();
  }

  async openDetail(row: Locator) {
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await expect(this.page).toHaveURL(/#\/jointRecovery\/unpaidOrders\/[^/?]+/);
    await expectViewShown(this.page);
    await expect(this.detail).toBeVisible();
  }

  card(title: string): Locator {
    return this.detail.locator('.ant-card').filter({ has: this.page.locator('.ant-card-head-title', { hasText: title }) });
  }

  figure(title: string): Locator {
    return this.detail.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
  }
}
