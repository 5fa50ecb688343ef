import { createHash, createHmac, randomBytes } from 'node:crypto';
import { expect, type APIResponse, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown } from '../support/sidebar.js';

/** 设备运维 > 路内设备 / 路外设备 as an operator sees them, and the device on the other end of the ingestion API. */
export class DevicePage extends ResourcePage {
  readonly secretDialog: Locator;

  constructor(page: Page) {
    super(page, '.ant-modal:not(.device-secret-dialog):visible');
    this.secretDialog = page.locator('.device-secret-dialog:visible');
  }

  async visit(which: 'inRoad' | 'outRoad') {
    await this.page.goto(`/#/SysOperations/${which}`);
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  async create() {
    await this.current.getByRole('button', { name: /^(plus )?新增$/ }).click();
    await expect(this.dialog).toBeVisible();
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async reload() {
    await this.current.getByRole('button', { name: '刷新' }).click();
  }

  /** The secret the dialog shows once, then closes it. */
  async takeSecret(): Promise<string> {
    await expect(this.secretDialog).toBeVisible();
    const secret = (await this.secretDialog.locator('.device-secret').innerText()).trim();
    await this.secretDialog.getByRole('button', { name: '我已保存' }).click();
    await expect(this.secretDialog).toBeHidden();
    return secret;
  }
}

/** A device's signed call, made the way the contract's device-ingestion schema says. */
export interface SignedBody {
  tenant: string;
  sn: string;
  timestamp: number;
  nonce: string;
}

export const freshBody = (tenant: string, sn: string): SignedBody => ({ tenant, sn, timestamp: Date.now(), nonce: randomBytes(12).toString('hex') });

export async function postSigned(page: Page, path: string, secret: string, body: SignedBody): Promise<APIResponse> {
  const payload = JSON.stringify(body);
  const bodySha256 = createHash('sha256').update(payload).digest('hex');
  const canonical = ['POST', path, body.tenant, body.sn, String(body.timestamp), body.nonce, bodySha256].join('\n');
  const signature = createHmac('sha256', secret).update(canonical).digest('hex');
  return page.request.post(path, { data: payload, headers: { 'content-type': 'application/json', 'x-signature': signature } });
}
