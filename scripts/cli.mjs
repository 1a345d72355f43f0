// `npm run backup|restore|transfer|storage -- <flags>`: installs what is missing and builds the server when stale, as
// `npm start` does, then runs the command from server/dist/cli.js (server/src/cli/) with the caller's flags.
import { join } from "node:path";
import { build } from "./build.mjs";
import { ensureInstalled } from "./lib/install.mjs";
import { ROOT, run } from "./lib/util.mjs";

const [command, ...flags] = process.argv.slice(2);
if (!(await ensureInstalled())) process.exit(1);
if (!(await build({ serverOnly: true }))) process.exit(1);

// The working directory stays the caller's (the repository root under npm), so relative paths resolve there.
const code = await run(process.execPath, ["--enable-source-maps", join(ROOT, "server", "dist", "cli.js"), command ?? "", ...flags], {
  cwd: process.cwd(),
  stopWithParent: true,
});
process.exit(code);
