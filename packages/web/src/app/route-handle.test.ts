import { describe, expect, it } from 'vitest';
import { documentTitle } from './route-handle';

describe('documentTitle', () => {
  it('joins the route title and the tenant title', () => {
    expect(documentTitle({ title: '停车场' }, '智慧停车管理平台')).toBe('停车场 - 智慧停车管理平台');
  });

  it('uses the own title only for scan-exit and statistics pages', () => {
    expect(documentTitle({ title: '扫码出场', ownTitle: true }, '某某停车')).toBe('扫码出场');
  });

  it('shows the site title when the route has none', () => {
    expect(documentTitle(undefined, '某某停车')).toBe('某某停车');
  });
});
