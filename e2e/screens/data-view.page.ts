import { expect, type Locator, type Page } from '@playwright/test';

/** A wall (数据大屏, 运营大屏) as it shows: the header, the KPI strip and the panels. */
export class DataViewScreen {
  readonly title: Locator;
  readonly status: Locator;
  /** whether cars show as they come (实时) */
  readonly live: Locator;
  /** 实时进出's rows, newest first (the copy a rolling list draws is hidden) */
  readonly movements: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1 });
    this.status = page.getByRole('status');
    this.live = page.getByLabel('实时连接');
    this.movements = page.getByRole('list', { name: '实时进出' }).getByRole('listitem');
  }

  /** A KPI card by its label (今日实收). */
  kpi(label: string): Locator {
    return this.page.locator('.data-view-kpis').getByRole('listitem', { name: label, exact: true });
  }

  /** The figure a KPI card shows, as text (1,234.56). */
  async kpiFigure(label: string): Promise<string> {
    return (await this.kpi(label).locator('.data-view-kpi__value').textContent())?.trim() ?? '';
  }

  panel(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** What fills a panel: a chart's canvas, a list's rows, or the panel's own word for nothing. */
  filling(title: string): Locator {
    const panel = this.panel(title);
    return panel.locator('canvas').or(panel.locator('li')).or(panel.locator('.data-view-empty'));
  }

  async waitForFigures() {
    await expect(this.status).toContainText('数据更新于');
  }

  /** How far the document reaches: the wall never scrolls. */
  scrollSize(): Promise<{ width: number; height: number }> {
    return this.page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
  }
}
