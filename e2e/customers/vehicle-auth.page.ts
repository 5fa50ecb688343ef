import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/signed-in.fixtures.js';

/** 车主管理 > 车辆认证审核's request drawer as staff see it: the request, its 行驶证 photo, 通过. */
export class VehicleAuthReview {
  readonly drawer: Locator;
  readonly photo: Locator;

  constructor(readonly page: Page) {
    this.drawer = page.locator('.ant-drawer:visible');
    this.photo = this.drawer.getByAltText('行驶证照片');
  }

  /** The drawer of one plate's 认证 request, open. */
  async expectOpen(plate: string) {
    await expect(this.drawer.locator('.ant-drawer-title')).toHaveText(`认证申请 · ${plate}`);
  }

  /** The photo as the browser drew it: its real width, 0 while it is not (or cannot be) loaded. */
  photoWidth(): Promise<number> {
    return this.photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
  }

  /** 通过, confirmed in the dialog that asks; the drawer then says 已通过. */
  async approve(plate: string) {
    await this.drawer.getByRole('button', { name: /^通\s*过$/ }).click();
    const confirm = this.page.locator('.ant-modal-confirm:visible');
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText(`确定通过车辆「${plate}」的认证申请吗？`);
    await confirm.getByRole('button', { name: /通\s*过/ }).click();
    await expect(this.page.locator('.ant-message-notice', { hasText: '审核通过' })).toBeVisible();
    await expect(this.drawer.getByText('已通过')).toBeVisible();
  }
}
