/** A visited page in the tag bar. */
export interface TagView {
  /** the pathname: one tag per path */
  path: string;
  /** path with its query, where the tag leads back to */
  fullPath: string;
  /** the route's id */
  name: string;
  meta: { title: string; noCache: boolean; affix: boolean };
}

export interface TagsState {
  visitedViews: TagView[];
  /** paths whose page is kept alive while hidden */
  cachedViews: string[];
}

export const emptyTags: TagsState = { visitedViews: [], cachedViews: [] };

const cacheIfAllowed = (cached: string[], view: TagView): string[] => (view.meta.noCache || cached.includes(view.path) ? cached : [...cached, view.path]);

/** A view is added only if its path is absent; it is cached unless noCache. Unchanged state is returned as is. */
export function addView(state: TagsState, view: TagView): TagsState {
  const visited = state.visitedViews.some((v) => v.path === view.path);
  const cachedViews = cacheIfAllowed(state.cachedViews, view);
  if (visited && cachedViews === state.cachedViews) return state;
  return { visitedViews: visited ? state.visitedViews : [...state.visitedViews, view], cachedViews };
}

/** The same path again with another query: the tag now leads to the new query. */
export function updateVisitedView(state: TagsState, view: TagView): TagsState {
  const index = state.visitedViews.findIndex((v) => v.path === view.path);
  const current = state.visitedViews[index];
  if (!current || current.fullPath === view.fullPath) return state;
  const visitedViews = [...state.visitedViews];
  visitedViews[index] = { ...current, fullPath: view.fullPath };
  return { ...state, visitedViews };
}

/** Affixed views go first, in the order given, ahead of anything already visited. */
export function addAffixViews(state: TagsState, affixViews: readonly TagView[]): TagsState {
  const affixPaths = new Set(affixViews.map((v) => v.path));
  const rest = state.visitedViews.filter((v) => !affixPaths.has(v.path));
  const affixed = affixViews.map((v) => ({ ...v, meta: { ...v.meta, affix: true } }));
  return {
    visitedViews: [...affixed, ...rest],
    cachedViews: affixed.reduce(cacheIfAllowed, state.cachedViews),
  };
}

/** Closing removes the view from both lists; an affixed view cannot be closed. */
export function delView(state: TagsState, path: string): TagsState {
  const view = state.visitedViews.find((v) => v.path === path);
  if (view?.meta.affix) return state;
  return {
    visitedViews: state.visitedViews.filter((v) => v.path !== path),
    cachedViews: state.cachedViews.filter((p) => p !== path),
  };
}

/** Refresh drops the page from the cache only, so it mounts afresh. */
export function delCachedView(state: TagsState, path: string): TagsState {
  return { ...state, cachedViews: state.cachedViews.filter((p) => p !== path) };
}

const keepOnly = (state: TagsState, keep: (view: TagView) => boolean): TagsState => {
  const visitedViews = state.visitedViews.filter(keep);
  const kept = new Set(visitedViews.map((v) => v.path));
  return { visitedViews, cachedViews: state.cachedViews.filter((p) => kept.has(p)) };
};

/** Close others keeps the affixed views plus the current one. */
export const delOthersViews = (state: TagsState, path: string): TagsState => keepOnly(state, (v) => v.meta.affix || v.path === path);

/** Close all keeps the affixed views only. */
export const delAllViews = (state: TagsState): TagsState => keepOnly(state, (v) => v.meta.affix);

/**
 * Where to go once tags were closed: nowhere while the active page still has its tag; otherwise the
 * last remaining tab, or the root when none is left.
 */
export function pathAfterClose(visitedViews: readonly TagView[], activePath: string): string | null {
  if (visitedViews.some((v) => v.path === activePath)) return null;
  return visitedViews.at(-1)?.fullPath ?? '/';
}
