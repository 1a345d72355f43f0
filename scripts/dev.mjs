// `npm run dev`: the server from TypeScript source with tsx (restarted on change, --mode dev: demo data and
// debug logs) on port 5230, plus Vite's dev server on http://localhost:3001 proxying /api, /o, /h and the
// feeds to it. Flags after `--` go to the server (`npm run dev -- --data ./dev-data`). Ctrl-C stops both.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { webIsBuildable } from "./build.mjs";
import { ensureInstalled } from "./lib/install.mjs";
import { ROOT, bin, run, say } from "./lib/util.mjs";

if (!(await ensureInstalled())) process.exit(1);

const serverArgs = process.argv.slice(2);
const hasMode = serverArgs.some((arg) => arg === "--mode" || arg.startsWith("--mode="));
const server = run(bin("tsx"), ["watch", join("server", "src", "main.ts"), ...(hasMode ? [] : ["--mode", "dev"]), ...serverArgs], {
  cwd: process.cwd(),
  stopWithParent: true,
});

const webRunnable = webIsBuildable() && existsSync(join(ROOT, "node_modules", ".bin", "vite"));
if (!webRunnable) say("web: no Vite app in web/ yet; running the server alone");
const web = webRunnable
  ? run(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "-w", "web", "dev"], { stopWithParent: true })
  : null;

// Whichever stops first ends the session; the other is sent SIGTERM through run()'s signal forwarding.
const code = await Promise.race([server, ...(web ? [web] : [])]);
process.kill(process.pid, "SIGTERM");
await Promise.allSettled([server, web]);
process.exit(code);
