// The web never decides what the viewer may do by comparing ids or roles itself: it asks common's access rules
// (common/src/domain/access.ts: canEditMemo, canDeleteComment, isOwnAccount…), the functions the server's policies
// call. This reads every source file of web/src and fails on a comparison of the signed-in user's id, an author's id
// or a role; the examples below show what it catches and what it lets pass.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const WEB = join(ROOT, "web", "src");

/** A side of `===`/`!==` that names the viewer's or an author's id, or a role. */
const SUBJECT = String.raw`(?:\b(?:me|viewer|currentUser|user|member)\??\.id|\bcreatorId|\bcreator\??\.id|\.role|"(?:HOST|ADMIN|USER)")`;
const COMPARISON = new RegExp(String.raw`${SUBJECT}\s*[!=]==|[!=]==\s*[\w.?]*${SUBJECT}`);
/** Whether a value is there at all (`creatorId !== undefined`) is not a comparison of ids. */
const PRESENCE = /\s*[!=]==\s*(?:undefined|null)\b/g;

const decidesByHand = (line: string): boolean => COMPARISON.test(line.replace(PRESENCE, ""));

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes("/test/");

function sources(): string[] {
  return readdirSync(WEB, { recursive: true, encoding: "utf8" })
    .map((name) => join(WEB, name))
    .filter((path) => isSource(relative(WEB, path)));
}

/** [line, whether it decides an ability by hand] */
const EXAMPLES: Array<[string, boolean]> = [
  ["const isAuthor = me?.id === memo.creatorId;", true],
  ["canEdit={me?.id === comment.creator.id}", true],
  ["if (member.id === viewer.id) return [];", true],
  ['const admin = me.role === "ADMIN";', true],
  ['{role !== "HOST" ? <Hint /> : null}', true],
  ["if (me && me.id === user.id) refresh();", true],
  ["canDelete={canDeleteComment(viewerId, { comment: comment.creator.id, memo: memo.creatorId })}", false],
  ["list.map((item) => (item.id === resource.id ? resource : item))", false],
  ["const shortcut = shortcuts?.find((entry) => entry.id === filter.shortcutId);", false],
  ["busy={patch.isPending && patch.variables?.id === memo.id}", false],
  ["enabled: creatorId !== undefined && creatorId > 0,", false],
  ["if (me?.id !== undefined && me.id !== null) go();", false],
];

describe("the web's abilities", () => {
  it.each(EXAMPLES)("%s → caught: %s", (line, caught) => {
    expect(decidesByHand(line)).toBe(caught);
  });

  it("come from common's access rules: no source file of web/src compares ids or roles", () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, index) => (decidesByHand(line) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
