import type { RegionNode } from '@parking/contract';

/** A Cascader option; children stay undefined until their level is loaded. */
export interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

/** The loaded levels, keyed by parent code ('' for the provinces), as one nested option list. */
export function toRegionOptions(levels: ReadonlyMap<string, readonly RegionNode[]>, parentCode = ''): RegionOption[] {
  return (levels.get(parentCode) ?? []).map((node) => {
    const children = levels.has(node.value) ? toRegionOptions(levels, node.value) : undefined;
    return { value: node.value, label: node.label, isLeaf: node.isLeaf, ...(children ? { children } : {}) };
  });
}

/** The parent codes whose children a value needs to show its labels: the top level and every non-last code. */
export const parentsOfValue = (value: readonly string[] | undefined): string[] => ['', ...(value ?? []).slice(0, -1)];
