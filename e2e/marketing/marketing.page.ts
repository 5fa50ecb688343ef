import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown } from '../support/sidebar.js';

const addresses = { 集团: 'group', 集团卡: 'groupCard', 商户: 'merchant', 优惠券: 'coupon' } as const;

/** 停车运营 > 集团 / 集团卡 / 商户 / 优惠券 as an operator sees them. */
export class MarketingPage extends ResourcePage {
  constructor(page: Page) {
    super(page, '.ant-modal:not(.ant-modal-confirm):visible');
  }

  async visit(title: keyof typeof addresses) {
    await this.page.goto(`/#/ParkingOperations/${addresses[title]}`);
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  async create() {
    await this.current
      .getByRole('button', { name: /^(plus )?新增$/ })
      .filter({ visible: true })
      .click();
    await expect(this.dialog).toBeVisible();
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async fill(label: string, value: string) {
    await this.field(label).fill(value);
  }

  async fieldError(text: string) {
    await expect(this.dialog.locator('.ant-form-item-explain-error').getByText(text, { exact: true })).toBeVisible();
  }

  /** A plate typed into the 车牌 tags input and taken with Enter. */
  async addPlate(plate: string) {
    await this.field('车牌').fill(plate);
    await this.field('车牌').press('Enter');
  }
}

/** The driver's /groupCardInfo page on a phone. */
export class GroupCardPhonePage {
  readonly face: Locator;
  readonly facts: Locator;
  readonly bind: Locator;

  constructor(readonly page: Page) {
    this.face = page.locator('.group-card__face');
    this.facts = page.locator('.scan-landing__facts');
    this.bind = page.locator('.group-card__bind');
  }

  fact(label: string): Locator {
    return this.facts
      .locator('tr')
      .filter({ has: this.page.locator('th', { hasText: label }) })
      .locator('td');
  }
}

/** 订单管理 > 特殊账单 as an operator sees it. */
export class SpecialBillPage extends MarketingPage {
  async visitBills() {
    await this.page.goto('/#/OrderManagement/specialBill');
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  /** The list narrowed to one plate (its beginning is enough). */
  async searchPlate(plate: string) {
    const search = this.current.locator('.resource-search');
    await search.getByLabel('车牌号', { exact: true }).fill(plate);
    await search.getByRole('button', { name: /查询/ }).click();
  }
}

/** The driver's /speialBillInfo page on a phone. */
export class SpecialBillPhonePage {
  readonly amount: Locator;
  readonly facts: Locator;
  readonly pay: Locator;

  constructor(readonly page: Page) {
    this.amount = page.locator('.special-bill__amount');
    this.facts = page.locator('.scan-landing__facts');
    this.pay = page.getByRole('button', { name: /立即支付/ });
  }

  fact(label: string): Locator {
    return this.facts
      .locator('tr')
      .filter({ has: this.page.locator('th', { hasText: label }) })
      .locator('td');
  }
}
