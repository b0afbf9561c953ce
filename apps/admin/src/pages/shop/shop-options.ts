import type { AdminCategoryNode } from '@studio/contract/shop';
import { adminShopCalls } from '@studio/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/client';

export function useCategoryTree() {
  return useQuery(callQuery(adminShopCalls.getCategoryTree, {}));
}

export interface CategoryOption {
  value: string;
  title: string;
  children: CategoryOption[];
}

/** The tree as antd's TreeSelect and Tree take it. */
export function categoryOptions(nodes: readonly AdminCategoryNode[]): CategoryOption[] {
  return nodes.map((n) => ({ value: n._id, title: n.name, children: categoryOptions(n.children) }));
}

/** Every category by id, with its path of names ("Gear / Mats"). */
export function categoryPaths(nodes: readonly AdminCategoryNode[], prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of nodes) {
    const path = prefix ? `${prefix} / ${n.name}` : n.name;
    out.set(n._id, path);
    for (const [id, p] of categoryPaths(n.children, path)) out.set(id, p);
  }
  return out;
}
