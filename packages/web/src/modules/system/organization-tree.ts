import type { OrganizationNode } from '@parking/contract';

export interface OrganizationOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: OrganizationOption[];
}

/**
 * The tree as a TreeSelect reads it. `excluded` (the organization being edited) is left out with its
 * whole subtree: an organization can sit under neither itself nor one of its own children.
 */
export function organizationOptions(nodes: readonly OrganizationNode[], excluded?: string): OrganizationOption[] {
  return nodes
    .filter((node) => node.id !== excluded)
    .map((node) => {
      const children = organizationOptions(node.children, excluded);
      return children.length > 0 ? { value: node.id, title: node.name, children } : { value: node.id, title: node.name };
    });
}

/** Every id in the tree that has children: the rows a tree table opens at first. */
export function parentIds(nodes: readonly OrganizationNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentIds(node.children)] : []));
}

/** Rows for a tree table: antd draws an expander for any `children`, so a leaf carries none. */
export type OrganizationRow = Omit<OrganizationNode, 'children'> & { children?: OrganizationRow[] };

export function organizationRows(nodes: readonly OrganizationNode[]): OrganizationRow[] {
  return nodes.map(({ children, ...node }) => (children.length > 0 ? { ...node, children: organizationRows(children) } : node));
}

/** Name or code containing the text (case-insensitive), keeping the ancestors of every match so it stays in place. */
export function filterOrganizations(nodes: readonly OrganizationNode[], text: string): OrganizationNode[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...nodes];
  return nodes.flatMap((node) => {
    if (node.name.toLowerCase().includes(needle) || node.code.toLowerCase().includes(needle)) return [node];
    const children = filterOrganizations(node.children, needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}
