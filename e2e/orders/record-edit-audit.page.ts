import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown } from '../support/sidebar.js';

/** 订单管理 > 订单修改审核, and the 申请修改 / 修改记录 parts of a record's 详情, as staff see them. */
export class RecordEditAuditPage extends ResourcePage {
  readonly search: Locator;
  readonly detail: Locator;
  readonly edits: Locator;

  constructor(page: Page) {
    super(page);
    this.search = this.current.locator('.resource-search');
    this.detail = page.locator('.record-detail').filter({ visible: true });
    this.edits = this.detail.locator('.record-detail__edits');
  }

  /** The audit list by its address; `id` opens one request, as a system message does. */
  async visit(id?: string) {
    await this.page.goto(`/#/OrderManagement/parkingOrderEditAudit${id ? `?id=${id}` : ''}`);
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  async visitRecord(recordId: string) {
    await this.page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${recordId}`);
    await expectViewShown(this.page);
    await expect(this.detail).toBeVisible();
  }

  /** 申请修改 on the record's 详情: a new amount due in yuan with its reason. */
  async askAmount(yuan: string, reason: string) {
    await this.detail.getByRole('button', { name: /申请修改/ }).click();
    await expect(this.dialog).toBeVisible();
    await this.pickOption(this.dialog.getByLabel('修改类型', { exact: true }), '修改应收金额');
    await this.dialog.getByLabel('新的应收金额', { exact: true }).fill(yuan);
    await this.dialog.getByLabel('修改原因', { exact: true }).fill(reason);
    await this.dialog.getByRole('button', { name: '提交申请' }).click();
    await this.expectMessage('修改申请已提交，等待审核');
    await expect(this.dialog).toBeHidden();
  }

  async searchPlate(plate: string) {
    await this.search.getByLabel('车牌号', { exact: true }).fill(plate);
    await this.search.getByRole('button', { name: /查\s*询/ }).click();
  }

  /** 通过 on a request's row or its dialog, with the reviewer's opinion. */
  async approve(from: Locator, opinion: string) {
    await from.getByRole('button', { name: /通\s*过/ }).click();
    const decision = this.page.locator('.ant-modal:visible').filter({ hasText: '通过修改申请' });
    await decision.getByLabel('审核意见').fill(opinion);
    await decision.getByRole('button', { name: '确定通过' }).click();
    await this.expectMessage('已通过，停车记录已修改');
    await expect(decision).toBeHidden();
  }

  /** The row of one field (应收, 欠费…) in the before/after table of a dialog or the detail. */
  changeRow(within: Locator, field: string): Locator {
    return within.locator('.record-edit-changes tbody tr').filter({ has: this.page.getByRole('cell', { name: field, exact: true }) });
  }
}
