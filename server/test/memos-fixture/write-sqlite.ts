// Writes memos 0.`minor`'s SQLite database of the fixture (build.ts) as `<folder>/memos_prod.db`, memos' own file
// name, for a suite outside Vitest: the e2e suite starts the server on that folder and uses the converted instance
// through the web app. Usage: node --import tsx server/test/memos-fixture/write-sqlite.ts <folder> <minor>
import { join } from "node:path";
import { buildMemosDatabase } from "./build.js";
import { MEMOS_MINORS, type MemosMinor } from "./schemas.js";

const [folder, minorText] = process.argv.slice(2);
const minor = Number(minorText) as MemosMinor;
if (!folder || !MEMOS_MINORS.includes(minor)) {
  console.error(`usage: write-sqlite.ts <folder> <minor: ${MEMOS_MINORS.join(", ")}>`);
  process.exit(2);
}
await buildMemosDatabase(join(folder, "memos_prod.db"), minor);
