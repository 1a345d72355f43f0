// The Debian packages the suites need besides npm's: Chromium (and its headless shell) and the fonts screenshots
// need (CJK, emoji) for the e2e suite; Docker, debootstrap and Compose for the container suite. Installed with
// apt-get when missing and this runs as root; otherwise the caller is told what to install.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { run, say } from "./util.mjs";

/** [package, a file it installs, or a check that the machine has what it gives another way] */
const SYSTEM_PACKAGES = [
  ["chromium", "/usr/bin/chromium"],
  // Debian's old headless shell: the e2e suite runs in it in half the time (e2e/playwright.config.ts).
  ["chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"],
  ["fonts-noto-cjk", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"],
  ["fonts-noto-color-emoji", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"],
  // The container suite: Debian's Docker daemon, debootstrap for its base images, and Compose v1 where the docker
  // CLI has no compose plugin.
  ["docker.io", "/usr/sbin/dockerd"],
  ["debootstrap", "/usr/sbin/debootstrap"],
  ["docker-compose", "/usr/bin/docker-compose", () => spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0],
];

/** Installs the missing packages; returns a NOTICE line when it could not (not root, or apt-get failed), else null. */
export async function ensureSystemPackages(timeoutMs) {
  const missing = SYSTEM_PACKAGES.filter(([, path, present]) => !existsSync(path) && !present?.()).map(([name]) => name);
  if (missing.length === 0) return null;
  if (process.getuid?.() !== 0) return `NOTICE: not root: skipped installing ${missing.join(", ")} (apt-get install ${missing.join(" ")})`;
  say(`installing ${missing.join(", ")} with apt-get`);
  const code = await run("bash", ["-c", `apt-get update && apt-get install -y ${missing.join(" ")}`], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    timeoutMs,
  });
  return code === 0 ? null : `NOTICE: apt-get install ${missing.join(" ")} failed (exit code ${code}); the e2e suite needs Chromium`;
}
