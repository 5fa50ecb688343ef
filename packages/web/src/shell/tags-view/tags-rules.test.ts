import { describe, expect, it } from 'vitest';
import { addAffixViews, addView, delAllViews, delCachedView, delOthersViews, delView, emptyTags, pathAfterClose, updateVisitedView, type TagsState, type TagView } from './tags-rules';
import { useTagsStore } from './tags-store';

const view = (path: string, meta: Partial<TagView['meta']> = {}, query = ''): TagView => ({
  path,
  fullPath: path + query,
  name: `route${path}`,
  meta: { title: path.slice(1), noCache: false, affix: false, ...meta },
});

const home = view('/home', { affix: true });
const lots = view('/lots');
const areas = view('/areas');
const detail = view('/detail/1', { noCache: true });

const paths = (state: TagsState) => state.visitedViews.map((v) => v.path);
const withViews = (...views: TagView[]) => views.reduce(addView, addAffixViews(emptyTags, [home]));

describe('addView', () => {
  it('adds a view only when its path is absent, and caches it', () => {
    const once = addView(emptyTags, lots);
    const again = addView(once, view('/lots', {}, '?page=2'));
    expect(paths(again)).toEqual(['/lots']);
    expect(again.cachedViews).toEqual(['/lots']);
    expect(again).toBe(once);
  });

  it('does not cache a noCache view', () => {
    const state = addView(emptyTags, detail);
    expect(paths(state)).toEqual(['/detail/1']);
    expect(state.cachedViews).toEqual([]);
  });

  it('lets the tag lead to the latest query of its path', () => {
    const state = updateVisitedView(addView(emptyTags, lots), view('/lots', {}, '?page=3'));
    expect(state.visitedViews[0]?.fullPath).toBe('/lots?page=3');
  });
});

describe('affixed views', () => {
  it('go first and are marked affixed', () => {
    const state = addAffixViews(addView(emptyTags, lots), [view('/home')]);
    expect(paths(state)).toEqual(['/home', '/lots']);
    expect(state.visitedViews[0]?.meta.affix).toBe(true);
    expect(state.cachedViews).toEqual(['/lots', '/home']);
  });

  it('cannot be closed', () => {
    const state = withViews(lots);
    expect(delView(state, '/home')).toBe(state);
  });
});

describe('closing', () => {
  it('removes a view from both lists', () => {
    const state = delView(withViews(lots, areas), '/lots');
    expect(paths(state)).toEqual(['/home', '/areas']);
    expect(state.cachedViews).toEqual(['/home', '/areas']);
  });

  it('close others keeps the affixed views plus the current one', () => {
    const state = delOthersViews(withViews(lots, areas, detail), '/areas');
    expect(paths(state)).toEqual(['/home', '/areas']);
    expect(state.cachedViews).toEqual(['/home', '/areas']);
  });

  it('close all keeps the affixed views only', () => {
    const state = delAllViews(withViews(lots, areas, detail));
    expect(paths(state)).toEqual(['/home']);
    expect(state.cachedViews).toEqual(['/home']);
  });

  it('refresh drops the cache entry but keeps the tag', () => {
    const state = delCachedView(withViews(lots), '/lots');
    expect(paths(state)).toEqual(['/home', '/lots']);
    expect(state.cachedViews).toEqual(['/home']);
  });
});

describe('pathAfterClose', () => {
  it('stays while the active page still has its tag', () => {
    expect(pathAfterClose([home, lots], '/lots')).toBeNull();
  });

  it('goes to the last remaining tab, with its query', () => {
    expect(pathAfterClose([home, view('/areas', {}, '?q=1')], '/lots')).toBe('/areas?q=1');
  });

  it('goes to the root when no tab is left', () => {
    expect(pathAfterClose([], '/lots')).toBe('/');
  });
});

describe('useTagsStore', () => {
  it('applies the rules and keeps the same state object when nothing changed', () => {
    const store = useTagsStore.getState();
    store.reset();
    store.addAffixViews([home]);
    store.addView(lots);
    const before = useTagsStore.getState().visitedViews;
    useTagsStore.getState().addView(lots);
    expect(useTagsStore.getState().visitedViews).toBe(before);
    useTagsStore.getState().addView(view('/lots', {}, '?page=2'));
    expect(useTagsStore.getState().visitedViews[1]?.fullPath).toBe('/lots?page=2');
    useTagsStore.getState().delAllViews();
    expect(paths(useTagsStore.getState())).toEqual(['/home']);
  });
});
