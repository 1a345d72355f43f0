// Builds the sidebar's tag tree from flat tag names: `work/project` nests under `work`.

export interface TagNode {
  /** The last segment, shown in the tree. */
  name: string;
  /** The full path of segments: the tag filter value for this node. */
  path: string;
  /** The tag as listed when it is in the list itself (not only a parent of others), so it can be deleted. */
  tag: string | null;
  children: TagNode[];
}

const byName = (a: TagNode, b: TagNode) => a.name.localeCompare(b.name);

function sortTree(nodes: TagNode[]): TagNode[] {
  nodes.sort(byName);
  for (const node of nodes) sortTree(node.children);
  return nodes;
}

/** Empty segments (`a//b`, a trailing `/`) are skipped so every node has a name. */
export function buildTagTree(tags: readonly string[]): TagNode[] {
  const roots: TagNode[] = [];
  const index = new Map<string, TagNode>();
  for (const tag of new Set(tags)) {
    const segments = tag.split("/").filter((segment) => segment !== "");
    let siblings = roots;
    let path = "";
    segments.forEach((segment, i) => {
      path = path ? `${path}/${segment}` : segment;
      let node = index.get(path);
      if (!node) {
        node = { name: segment, path, tag: null, children: [] };
        index.set(path, node);
        siblings.push(node);
      }
      if (i === segments.length - 1) node.tag = tag;
      siblings = node.children;
    });
  }
  return sortTree(roots);
}

/** The paths of every node that has children (to expand a tree fully). */
export function parentPaths(nodes: readonly TagNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length ? [node.path, ...parentPaths(node.children)] : []));
}

/** A tag's memo count as shown, and whether it takes in the tags under it (said so in words beside it). */
export interface ShownTagCount {
  count: number;
  subtree: boolean;
}

/**
 * How the sidebar and the editor's `#` suggestions count a tag, the same way in both: a parent (a path with tags
 * under it) its whole subtree (`subtrees`, by path: a memo under two of its tags once), any other tag its own memos
 * (`counts`, by tag). Undefined while loading.
 */
export function tagCount(
  path: string,
  counts: ReadonlyMap<string, number> | undefined,
  subtrees: ReadonlyMap<string, number> | undefined,
): ShownTagCount | undefined {
  const subtree = subtrees?.get(path);
  if (subtree !== undefined) return { count: subtree, subtree: true };
  const own = counts?.get(path);
  return own === undefined ? undefined : { count: own, subtree: false };
}

/** The count a node of the tree shows (tagCount; a parent's while the subtree counts load: none). */
export function nodeCount(
  node: TagNode,
  counts: ReadonlyMap<string, number> | undefined,
  subtrees: ReadonlyMap<string, number> | undefined,
): ShownTagCount | undefined {
  if (node.children.length > 0) {
    const subtree = subtrees?.get(node.path);
    return subtree === undefined ? undefined : { count: subtree, subtree: true };
  }
  return node.tag !== null ? tagCount(node.tag, counts, undefined) : undefined;
}
