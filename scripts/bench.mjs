// `npm run bench -- <flags>`: the benchmarks (bench/run.ts) on the Node `npm start` runs on — the pinned one when the
// running Node is unsupported, as better-sqlite3 in node_modules is built for it — with the modules installed.
import { join } from "node:path";
import { ensureInstalled } from "./lib/install.mjs";
import { ROOT, run } from "./lib/util.mjs";

if (!(await ensureInstalled())) process.exit(1);
const code = await run(process.execPath, [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "run.ts", ...process.argv.slice(2)], {
  cwd: join(ROOT, "bench"),
  stopWithParent: true,
});
process.exit(code);
