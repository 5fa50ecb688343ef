import { expect, type Locator, type Page } from '@playwright/test';

/** The driver's phone: 扫码出场 with its plate keyboard, 订单详情 and the sandbox cashier. */
export class DriverExitPage {
  readonly header: Locator;
  readonly keyboard: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('.mobile-page__header');
    this.keyboard = page.getByRole('group', { name: '车牌键盘' });
  }

  /** Types a plate on the plate keyboard, province first, as a thumb would. */
  async typePlate(plate: string) {
    for (const key of plate) await this.keyboard.getByRole('button', { name: key, exact: true }).click();
    await expect(this.page.getByRole('group', { name: '车牌号' })).toContainText(plate.split('').join(''));
  }

  /** One line of the order's facts (入场时间, 待付金额…). */
  fact(label: string): Locator {
    return this.page
      .locator('.driver-pay__rows div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }
}
