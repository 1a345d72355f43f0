// Small archives of the kinds POST /api/import takes, built in code with the structure each app writes (made-up
// notes, no real person's data), and the bad archives it must refuse.
import { strToU8, zipSync, type Zippable } from "fflate";

/** Zip entry times are DOS times (local, 2-second steps): these are exact. */
const at = (iso: string) => new Date(iso);

export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

const file = (text: string | Uint8Array, mtime = at("2023-03-04T10:00:00Z")): [Uint8Array, { mtime: Date }] => [
  typeof text === "string" ? strToU8(text) : text,
  { mtime },
];

export const zip = (files: Zippable): Buffer => Buffer.from(zipSync(files, { level: 6 }));

/** An Obsidian vault, a Bear export and a Logseq graph in one zip, with a note whose front matter is broken. */
export function markdownFolder(): Buffer {
  return zip({
    "Vault/Daily/2024-05-01.md": file(
      "---\ncreated: 2024-05-01T08:30:00+02:00\nupdated: 2024-05-02T09:00:00Z\ntags: [journal, health]\n---\nRan 5 km #running\n\n![[run.png]]\n",
    ),
    "Vault/Projects/Garden plan.md": file(
      "Plant tomatoes in May.\n\n![sketch](../attachments/sketch%20one.jpg)\n\nSee [[Seeds]], and [[2024-05-01|the run]] before.\n\n" +
        "> [!tip]- Water daily\n> In the morning, [[Books#Dune|between chapters]].\n\n> [!warning]\n> Slugs\n",
      at("2023-03-04T10:00:00Z"),
    ),
    "Vault/attachments/run.png": file(PNG),
    "Vault/attachments/sketch one.jpg": file(JPEG),
    "Vault/.obsidian/workspace.json": file("{}"),
    "Vault/broken.md": file("---\ntitle: [unclosed\n---\nThis note's front matter is broken.\n"),
    "Bear/Pancakes.md": file("# Pancakes\n\nFlour, milk, eggs #food/breakfast\n", at("2022-11-20T07:15:00Z")),
    "graph/journals/2024_02_03.md": file("- Met Sam about the roof\n- #meeting follow up next week\n"),
    "graph/pages/Books.md": file("tags:: reading, lists\ncreated:: 2021-06-01\n\n- Dune\n- Piranesi\n"),
    "graph/logseq/config.edn": file("{:meta/version 1}"),
    "__MACOSX/Bear/._Pancakes.md": file("mac resource fork"),
  });
}

export function flomoExport(): Buffer {
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>flomo</title></head><body>
<div class="header"><div class="name">Sample</div></div>
<div class="memos">
<div class="memo"><div class="time">2024-04-30 21:15:09</div><div class="content"><p>#reading Finished <strong>Dune</strong> today</p><ul><li><p>great world building</p></li><li><p>slow start</p><ul><li><p>the first 100 pages</p></li></ul></li></ul><p>Next:</p><ol><li><p>reread</p></li><li><p>lend to Sam</p></li></ol><p></p></div><div class="files"><img src="file/2024-04-30/1/cover.png" /></div></div>
<div class="memo"><div class="time">2024-04-29 08:00:00</div><div class="content"><p>Morning idea: <a href="https://example.com/notes">a link</a> #idea/app</p></div><div class="files"></div></div>
<div class="memo"><div class="time">2024-04-28 12:00:00</div><div class="content"><p>Lost picture</p></div><div class="files"><img src="file/2024-04-28/9/missing.png" /></div></div>
</div></body></html>`;
  return zip({
    "flomo@Sample-20240501/Sample的笔记.html": file(html),
    "flomo@Sample-20240501/file/2024-04-30/1/cover.png": file(PNG),
  });
}

export function googleKeepTakeout(): Buffer {
  const note = (value: object) => file(JSON.stringify(value));
  return zip({
    "Takeout/archive_browser.html": file("<html></html>"),
    "Takeout/Keep/Shopping.json": note({
      color: "DEFAULT",
      isTrashed: false,
      isPinned: true,
      isArchived: false,
      title: "Shopping",
      listContent: [
        { text: "Milk", isChecked: false },
        { text: "Eggs", isChecked: true },
      ],
      labels: [{ name: "Home" }, { name: "Weekly plan" }],
      createdTimestampUsec: 1714550400000000,
      userEditedTimestampUsec: 1714636800000000,
    }),
    "Takeout/Keep/Idea.json": note({
      isTrashed: false,
      isPinned: false,
      isArchived: true,
      title: "",
      textContent: "Build a birdhouse",
      attachments: [{ filePath: "birdhouse.jpeg", mimetype: "image/jpeg" }],
      annotations: [{ source: "WEBLINK", title: "Plans", url: "https://example.org/birdhouse" }],
      createdTimestampUsec: "1700000000000000",
      userEditedTimestampUsec: "1700000000000000",
    }),
    "Takeout/Keep/birdhouse.jpg": file(JPEG),
    "Takeout/Keep/Old.json": note({ isTrashed: true, title: "Gone", textContent: "trashed", createdTimestampUsec: 1600000000000000 }),
    "Takeout/Keep/Shopping.html": file("<html><body>Shopping</body></html>"),
    "Takeout/Keep/Labels.txt": file("Home\nWeekly plan\n"),
  });
}

/** Writes a 32-bit field of `name`'s local header and central directory record, at each one's offset. */
function withEntryField(archive: Buffer, name: string, localOffset: number, centralOffset: number, value: number): Buffer {
  const out = Buffer.from(archive);
  const target = Buffer.from(name);
  for (let i = 0; i < out.length - 46; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50 && out.subarray(i + 30, i + 30 + out.readUInt16LE(i + 26)).equals(target))
      out.writeUInt32LE(value, i + localOffset);
    if (signature === 0x02014b50 && out.subarray(i + 46, i + 46 + out.readUInt16LE(i + 28)).equals(target))
      out.writeUInt32LE(value, i + centralOffset);
  }
  return out;
}

/** Sets the uncompressed size of `name` in both its local header and the central directory (a lying header). */
export const withDeclaredSize = (archive: Buffer, name: string, size: number): Buffer => withEntryField(archive, name, 22, 24, size);

/** Sets the CRC-32 of `name` in both its headers: its bytes no longer match their checksum (a corrupted file). */
export const withCrc32 = (archive: Buffer, name: string, crc: number): Buffer => withEntryField(archive, name, 14, 16, crc);

/** Breaks the central directory's first header. */
export function withBrokenDirectory(archive: Buffer): Buffer {
  const out = Buffer.from(archive);
  const at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  out.writeUInt32LE(0xdeadbeef, at);
  return out;
}

export const note = file;

/**
 * Notes whose YAML front matter is costly to read: 12 with 6,000 keys each (within the limits; reading them once
 * cost more than linearly per key), and one over each limit (keys, nesting, length, aliases) or with a key twice.
 */
export function costlyFrontMatter(): Buffer {
  const keys = (count: number) => Array.from({ length: count }, (_, n) => `key${n}: value ${n}`).join("\n");
  const files: Zippable = {};
  for (let n = 0; n < 12; n++) files[`keys/note-${n}.md`] = file(`---\n${keys(6000)}\n---\nNote ${n}\n`);
  files["too-many-keys.md"] = file(`---\n${keys(12_000)}\n---\nToo many\n`);
  files["too-deep.md"] = file(`---\nkey: ${"[".repeat(5000)}${"]".repeat(5000)}\n---\nToo deep\n`);
  files["too-long.md"] = file(`---\nkey: "${"x".repeat(300 * 1024)}"\n---\nToo long\n`);
  let laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (let n = 1; n < 10; n++)
    laughs += `a${n}: &a${n} [${Array(10)
      .fill(`*a${n - 1}`)
      .join(", ")}]\n`;
  files["aliases.md"] = file(`---\n${laughs}---\nAliases\n`);
  files["duplicate.md"] = file("---\na: 1\na: 2\n---\nTwice\n");
  return zip(files);
}
