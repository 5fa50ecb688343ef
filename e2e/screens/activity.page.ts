import { expect, type Locator, type Page } from '@playwright/test';

/** /activity (停车统计) as a driver's phone shows it: summary cards, lots by free spaces, the hourly chart. */
export class ActivityPhonePage {
  readonly hero: Locator;
  readonly lots: Locator;
  readonly chartSlots: Locator;

  constructor(readonly page: Page) {
    this.hero = page.locator('.activity__hero');
    this.lots = page.locator('li.activity-lot');
    this.chartSlots = page.locator('.activity-chart__slot');
  }

  async open(tenant?: string) {
    await this.page.goto(`/#/activity${tenant ? `?tenant=${tenant}` : ''}`);
  }

  /** The number on one summary card (停车场, 总泊位, 空闲泊位, 在场车辆). */
  async summary(label: string): Promise<number> {
    const value = this.page
      .locator('.activity-summary__card')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('.activity-summary__value');
    await expect(value).toBeVisible();
    return Number((await value.innerText()).replace(/[^\d]/g, ''));
  }

  lot(name: string): Locator {
    return this.page.getByRole('listitem', { name, exact: true });
  }

  async lotNames(): Promise<string[]> {
    return this.lots.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  }

  /** What one lot's row says: free spaces, total, occupancy and its level label. */
  async lotFacts(name: string) {
    const item = this.lot(name);
    await expect(item).toBeVisible();
    const free = Number(await item.getByTestId('lot-free').innerText());
    const total = Number(/共 (\d+) 位/.exec(await item.innerText())?.[1] ?? Number.NaN);
    const occupancy = Number(await item.getByRole('progressbar').getAttribute('aria-valuenow'));
    const level = (await item.locator('.activity-lot__level').innerText()).trim();
    return { free, total, occupancy, level };
  }
}
