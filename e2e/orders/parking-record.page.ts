import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown } from '../support/sidebar.js';

/** 订单管理 > 停车记录 and a record's 详情 as staff see them. */
export class ParkingRecordPage extends ResourcePage {
  readonly search: Locator;
  readonly detail: Locator;

  constructor(page: Page) {
    super(page);
    this.search = this.current.locator('.resource-search');
    this.detail = page.locator('.record-detail').filter({ visible: true });
  }

  /** Straight to the list by its address, as a bookmark opens it. */
  async visit() {
    await this.page.goto('/#/OrderManagement/ParkingRecordOrder');
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  async searchPlate(plate: string, match: '精确' | '前缀' = '精确') {
    await this.search.getByLabel('车牌号', { exact: true }).fill(plate);
    await this.pickOption(this.search.getByLabel('匹配方式', { exact: true }), match);
    await this.search.getByRole('button', { name: /查\s*询/ }).click();
  }

  /** 查询 the stays of one lot, picked by name in the 停车场 filter. */
  async searchLot(name: string) {
    await this.searchOption(this.search.getByLabel('停车场', { exact: true }), name);
    await this.search.getByRole('button', { name: /查\s*询/ }).click();
  }

  async openDetail(row: Locator) {
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await expect(this.page).toHaveURL(/#\/OrderManagement\/parkingRecordOrderInfo\//);
    await expectViewShown(this.page);
    await expect(this.detail).toBeVisible();
  }

  /** One figure at the top of the detail (应收(元), 欠费(元)…) by its label. */
  fact(label: string): Locator {
    return this.detail.locator('.record-detail__facts').getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::td[1]');
  }

  /** A step of the detail's timeline (入场, 出场, 计费, 状态) by its title. */
  timelineStep(title: string): Locator {
    return this.detail.locator('.record-detail__timeline .ant-timeline-item, .record-detail__timeline .ant-steps-item').filter({ hasText: title });
  }
}
