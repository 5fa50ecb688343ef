/** Trees of organizations and menus, both stored as rows pointing at their parent. */
export interface TreeRow {
  id: string;
  parentId: string | null;
}

/** Nests rows already in display order; a row whose parent is missing goes to the top. */
export const nestRows = <R extends TreeRow, N>(rows: R[], toNode: (row: R, children: N[]) => N): N[] => {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, R[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  // only rows reachable from the top are visited, so a cycle in bad data cannot loop forever
  const build = (parent: string | null): N[] => (children.get(parent) ?? []).map((row) => toNode(row, build(row.id)));
  return build(null);
};

/** The row and every row below it. */
export const subtreeIds = (rows: TreeRow[], rootId: string): Set<string> => {
  const found = new Set([rootId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (row.parentId && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
};

/** 1 for a top-level row; stops at a cycle or a missing parent. */
export const depthOf = (rows: TreeRow[], id: string): number => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  let depth = 0;
  for (let row = byId.get(id); row && !seen.has(row.id); row = row.parentId ? byId.get(row.parentId) : undefined) {
    seen.add(row.id);
    depth++;
  }
  return depth;
};

/** Levels from the row down to its deepest descendant, the row itself counting 1. */
export const heightOf = (rows: TreeRow[], id: string): number => {
  const below = subtreeIds(rows, id);
  return Math.max(...[...below].map((d) => depthOf(rows, d) - depthOf(rows, id) + 1));
};

/** True when `parentId` is the row itself or one of its descendants, so making it the parent would close a loop. */
export const wouldCycle = (rows: TreeRow[], id: string, parentId: string | null) => parentId !== null && subtreeIds(rows, id).has(parentId);
