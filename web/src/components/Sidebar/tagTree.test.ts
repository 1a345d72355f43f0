import { describe, expect, it } from "vitest";
import { buildTagTree, nodeCount, parentPaths, tagCount } from "./tagTree";

describe("buildTagTree", () => {
  it("nests hierarchical tags and sorts each level", () => {
    const tree = buildTagTree(["work/project/alpha", "home", "work", "idea", "work/admin"]);
    expect(tree.map((node) => node.name)).toEqual(["home", "idea", "work"]);
    const work = tree[2]!;
    expect(work.tag).toBe("work");
    expect(work.children.map((node) => node.path)).toEqual(["work/admin", "work/project"]);
    const project = work.children[1]!;
    expect(project.tag).toBeNull();
    expect(project.children).toEqual([{ name: "alpha", path: "work/project/alpha", tag: "work/project/alpha", children: [] }]);
  });

  it("creates parents that are not tags themselves", () => {
    const [root] = buildTagTree(["a/b"]);
    expect(root).toMatchObject({ name: "a", path: "a", tag: null });
    expect(root!.children[0]).toMatchObject({ name: "b", path: "a/b", tag: "a/b" });
  });

  it("removes duplicates and keeps `ab` apart from `a/b`", () => {
    const tree = buildTagTree(["a", "a", "ab", "a/b"]);
    expect(tree.map((node) => node.path)).toEqual(["a", "ab"]);
    expect(tree[0]!.children.map((node) => node.path)).toEqual(["a/b"]);
  });

  it("skips empty segments but keeps the listed tag for deletion", () => {
    const tree = buildTagTree(["x//y", "/lead", "trail/"]);
    expect(tree.map((node) => node.path)).toEqual(["lead", "trail", "x"]);
    expect(tree[0]!.tag).toBe("/lead");
    expect(tree[2]!.children[0]).toMatchObject({ path: "x/y", tag: "x//y" });
  });

  it("is empty for no tags", () => {
    expect(buildTagTree([])).toEqual([]);
  });

  it("parentPaths lists every node with children", () => {
    expect(parentPaths(buildTagTree(["a/b/c", "d", "e/f"]))).toEqual(["a", "a/b", "e"]);
  });
});

describe("nodeCount", () => {
  it("shows a parent's whole subtree and a leaf's own count, nothing while loading", () => {
    const tree = buildTagTree(["work", "work/meeting", "home/garden", "idle"]);
    const counts = new Map([
      ["work", 1],
      ["work/meeting", 4],
      ["home/garden", 2],
      ["idle", 0],
    ]);
    const subtrees = new Map([
      ["work", 5],
      ["home", 2],
    ]);
    const byPath = (path: string) => {
      const find = (nodes: ReturnType<typeof buildTagTree>): ReturnType<typeof buildTagTree>[number] | undefined =>
        nodes.flatMap((node) => [node, ...node.children]).find((node) => node.path === path);
      return find(tree)!;
    };
    expect(nodeCount(byPath("work"), counts, subtrees)).toEqual({ count: 5, subtree: true });
    expect(nodeCount(byPath("home"), counts, subtrees)).toEqual({ count: 2, subtree: true });
    expect(nodeCount(byPath("work/meeting"), counts, subtrees)).toEqual({ count: 4, subtree: false });
    expect(nodeCount(byPath("idle"), counts, subtrees)).toEqual({ count: 0, subtree: false });
    expect(nodeCount(byPath("work"), counts, undefined)).toBeUndefined();
    // The editor's `#` suggestions count a tag as the tree does.
    for (const path of ["work", "work/meeting", "idle"])
      expect(tagCount(path, counts, subtrees)).toEqual(nodeCount(byPath(path), counts, subtrees));
    expect(tagCount("work", counts, undefined)).toEqual({ count: 1, subtree: false });
  });
});
