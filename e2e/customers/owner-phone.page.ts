import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/signed-in.fixtures.js';

/** The car owner's phone pages (/owner/…) as the owner sees them: 车主登录, 我的车辆 and the tabs below. */
export class OwnerPhonePage {
  readonly header: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('.mobile-page__header');
  }

  async open(path = '/owner/vehicles') {
    await this.page.goto(`/#${path}`);
  }

  /**
   * 车主登录 with the phone and the code the page shows (the server reveals codes where no SMS
   * gateway is set up), which registers an unknown phone; lands on 我的车辆.
   */
  async signIn(phone: string) {
    await expect(this.header).toHaveText('车主登录');
    await this.page.getByLabel('手机号').fill(phone);
    await this.page.getByRole('button', { name: '获取验证码' }).click();
    const code = ((await this.page.getByTestId('owner-demo-code').textContent()) ?? '').replace(/\D/g, '');
    expect(code).toMatch(/^\d{6}$/);
    await this.page.getByLabel('验证码').fill(code);
    await this.page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(this.header).toContainText('我的车辆');
  }

  /** One bound vehicle of 我的车辆, by its plate. */
  vehicle(plate: string): Locator {
    return this.page.getByTestId('owner-vehicle').filter({ hasText: plate });
  }

  /** 绑定 a plate (blue, the default colour); it shows 未认证. */
  async bind(plate: string) {
    await this.page.getByLabel('车牌号').fill(plate);
    await this.page.getByRole('button', { name: /绑\s*定/ }).click();
    await expect(this.vehicle(plate)).toContainText('未认证');
  }

  /** 认证: the 行驶证 photo file picked for the vehicle, as the phone's file chooser would. */
  async submitLicence(plate: string, file: string) {
    await this.vehicle(plate).locator('input[type=file]').setInputFiles(file);
  }

  /** 解绑 a vehicle after confirming. */
  async unbind(plate: string) {
    await this.vehicle(plate)
      .getByRole('button', { name: /解\s*绑/ })
      .click();
    await expect(this.page.getByText(`确定解绑车辆「${plate}」吗？`)).toBeVisible();
    await this.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /解\s*绑/ })
      .click();
    await expect(this.vehicle(plate)).toHaveCount(0);
  }

  /** A tab at the bottom: 我的车辆, 我的停车, 欠费… */
  async openTab(name: string) {
    await this.page.getByRole('link', { name }).click();
    await expect(this.header).toContainText(name);
  }

  /** The stays 我的停车 lists. */
  get stays(): Locator {
    return this.page.getByTestId('owner-stay');
  }
}
