import type { MenuNode } from '@kayuh/contract/api/system';

/** The page (C) node of a route in the user's menu tree. */
export function findMenuNode(tree: readonly MenuNode[], url: string): MenuNode | undefined {
  for (const node of tree) {
    if (node.menuType === 'C' && node.url === url) return node;
    const inChild = node.children?.length ? findMenuNode(node.children, url) : undefined;
    if (inChild) return inChild;
  }
  return undefined;
}

/** The button (F) perms under a page node: its actions for spec §6's route flags. */
export function buttonPermsOf(node: MenuNode | undefined): string[] {
  return (node?.children ?? []).filter((child) => child.menuType === 'F' && child.perms).map((child) => child.perms!);
}

/** The page nodes of a module as getMenu answers them (visible ones, in menu order). */
export function visiblePages(nodes: readonly MenuNode[]): MenuNode[] {
  const pages = nodes.flatMap((node) => (node.menuType === 'M' ? (node.children ?? []) : [node]));
  return pages.filter((node) => node.menuType === 'C' && node.visible !== '1').sort((a, b) => a.orderNum - b.orderNum);
}
