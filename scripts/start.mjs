// `npm start`: install what is missing, build what is stale, then run the server with the caller's flags
// (`npm start -- --port 8081 --data ./other-data`). The server's own defaults apply otherwise:
// http://localhost:5230, SQLite in ./data. SIGINT and SIGTERM are passed to the server, which closes cleanly.
import { join } from "node:path";
import { build } from "./build.mjs";
import { ensureInstalled } from "./lib/install.mjs";
import { SERVER_NODE_FLAGS, serverEnv } from "./lib/server-flags.mjs";
import { ROOT, run } from "./lib/util.mjs";

if (!(await ensureInstalled())) process.exit(1);
if (!(await build())) process.exit(1);

const server = join(ROOT, "server", "dist", "main.js");
// The working directory stays ours (the repository root under npm), so ./data and a relative --data
// resolve from there.
const code = await run(process.execPath, [...SERVER_NODE_FLAGS, server, ...process.argv.slice(2)], {
  cwd: process.cwd(),
  env: serverEnv(),
  stopWithParent: true,
});
process.exit(code);
