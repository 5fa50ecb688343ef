import { beforeEach, describe, expect, it } from 'vitest';
import type { TagView } from './tags-rules';
import { useTagsStore } from './tags-store';

const view = (path: string, title: string, affix = false): TagView => ({ path, fullPath: path, name: path, meta: { title, noCache: false, affix } });

beforeEach(() => useTagsStore.getState().reset());

describe('the tag bar store', () => {
  it('keeps tabs opened before the menu arrived when the home tab is pinned afterwards', () => {
    useTagsStore.getState().addView(view('/parkingAdmin/parkingArea', '片区'));
    useTagsStore.getState().addView(view('/OrderManagement/OrderWarning', '订单预警'));
    useTagsStore.getState().addAffixViews([view('/parkingAdmin/parkingList', '停车场')]);
    expect(useTagsStore.getState().visitedViews.map((v) => v.meta.title)).toEqual(['停车场', '片区', '订单预警']);
    expect(useTagsStore.getState().cachedViews).toEqual(['/parkingAdmin/parkingArea', '/OrderManagement/OrderWarning', '/parkingAdmin/parkingList']);
  });

  it('keeps every tab when the same menu is pinned again (a second CurrentUser)', () => {
    useTagsStore.getState().addAffixViews([view('/parkingAdmin/parkingList', '停车场')]);
    useTagsStore.getState().addView(view('/parkingAdmin/parkingArea', '片区'));
    useTagsStore.getState().addAffixViews([view('/parkingAdmin/parkingList', '停车场')]);
    expect(useTagsStore.getState().visitedViews.map((v) => [v.meta.title, v.meta.affix])).toEqual([
      ['停车场', true],
      ['片区', false],
    ]);
  });
});
