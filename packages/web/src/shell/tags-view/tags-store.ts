import { create } from 'zustand';
import { addAffixViews, addView, delAllViews, delCachedView, delOthersViews, delView, emptyTags, updateVisitedView, type TagsState, type TagView } from './tags-rules';

export interface TagsStore extends TagsState {
  addView: (view: TagView) => void;
  addAffixViews: (views: readonly TagView[]) => void;
  delView: (path: string) => void;
  delCachedView: (path: string) => void;
  delOthersViews: (path: string) => void;
  delAllViews: () => void;
  reset: () => void;
}

/** The tag bar's state; every change is one of the pure rules in tags-rules. */
export const useTagsStore = create<TagsStore>()((set) => {
  const apply = (rule: (state: TagsState) => TagsState) =>
    set((store) => {
      const next = rule(store);
      return next.visitedViews === store.visitedViews && next.cachedViews === store.cachedViews ? store : next;
    });
  return {
    ...emptyTags,
    addView: (view) => apply((state) => updateVisitedView(addView(state, view), view)),
    addAffixViews: (views) => apply((state) => addAffixViews(state, views)),
    delView: (path) => apply((state) => delView(state, path)),
    delCachedView: (path) => apply((state) => delCachedView(state, path)),
    delOthersViews: (path) => apply((state) => delOthersViews(state, path)),
    delAllViews: () => apply(delAllViews),
    reset: () => set(emptyTags),
  };
});
