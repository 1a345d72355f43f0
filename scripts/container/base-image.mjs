// The base images the container test builds our Dockerfile on, made here from Debian packages because no image
// registry is reachable from the test machines. Two images, standing in for the official ones the Dockerfile
// names by default:
//   memos-base:node<major>-bookworm       the build stage's (as node:<major>-bookworm): a debootstrap minbase
//                                          of Debian bookworm with python3, make and g++, and the Node the scripts
//                                          run on (binary, headers, and npm) in /usr/local;
//   memos-base:node<major>-distroless     the runtime's (as gcr.io/distroless/nodejs<major>-debian12): no shell,
//                                          no package manager; the C and C++ runtime libraries, time zones,
//                                          netbase and the CA bundle from the same Debian tree, and the node binary.
// The root file systems are cached as tarballs under the cache folder, keyed by the Node version and this
// recipe's version, so a machine makes them once (debootstrap: a few minutes) and re-imports them in seconds.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { headersDir } from "../lib/node-runtime.mjs";
import { docker, dockerOk } from "./docker.mjs";

const RECIPE = 2; // bump when the images' content changes, so cached tarballs are made again
const SUITE = "bookworm";
const MIRROR = "http://deb.debian.org/debian";
const NODE = process.execPath;
const NODE_VERSION = process.versions.node;
const NODE_MAJOR = NODE_VERSION.split(".")[0];
const PATH_VALUE = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

export const BUILD_BASE = `memos-base:node${NODE_MAJOR}-${SUITE}`;
export const RUNTIME_BASE = `memos-base:node${NODE_MAJOR}-distroless`;

/** Where the root file systems are kept between runs: outside the repository, one per machine. */
function cacheDir() {
  const root =
    process.getuid?.() === 0 ? "/var/cache/memos-test" : join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "memos-test");
  return join(root, "base");
}

const key = () => `node${NODE_VERSION}-${SUITE}-r${RECIPE}`;

/** Whether this machine has made the base images' root file systems for this Node before (then a run is quick). */
export const baseImagesCached = () => existsSync(join(cacheDir(), key(), "runtime.tar"));

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ["pipe", "pipe", "pipe"], maxBuffer: 1 << 28, ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-20).join("\n");
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}:\n${output}`);
  }
  return result.stdout.toString();
}

/**
 * The Node that runs this script (the supported one the scripts switched to: scripts/lib/node-runtime.mjs), laid
 * out under `tree`/usr/local as the official node images have it: bin/node, include/node (its headers, so node-gyp
 * compiles better-sqlite3 without fetching them), and the npm this machine runs (npm is JavaScript: any Node of
 * its range runs it; npm's package of the Node binary carries none), with npm and npx in bin/ and an npmrc whose
 * nodedir is /usr/local.
 */
export function installNode(tree) {
  const local = join(tree, "usr", "local");
  const headers = headersDir(NODE);
  if (!headers) throw new Error(`no headers of Node ${NODE_VERSION} beside ${NODE} (include/node)`);
  const npmCli = realpathSync(which("npm") ?? "");
  const npmPackage = dirname(dirname(npmCli));
  mkdirSync(join(local, "bin"), { recursive: true });
  mkdirSync(join(local, "include"), { recursive: true });
  mkdirSync(join(local, "lib", "node_modules"), { recursive: true });
  mkdirSync(join(local, "etc"), { recursive: true });
  cpSync(NODE, join(local, "bin", "node"));
  cpSync(join(headers, "include", "node"), join(local, "include", "node"), { recursive: true });
  cpSync(npmPackage, join(local, "lib", "node_modules", "npm"), { recursive: true, verbatimSymlinks: true });
  symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", join(local, "bin", "npm"));
  symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", join(local, "bin", "npx"));
  writeFileSync(
    join(local, "etc", "npmrc"),
    "nodedir=/usr/local\ncafile=/etc/ssl/certs/ca-certificates.crt\nupdate-notifier=false\nfund=false\naudit=false\n",
  );
}

/** The file `name` resolves to on PATH, or null. */
function which(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const file = join(dir, name);
    if (dir && existsSync(file)) return file;
  }
  return null;
}

/** Paths a Debian package installed in `tree`, moved under usr/ (bookworm's /lib, /bin, /sbin are links into /usr). */
function packageFiles(tree, pkg) {
  const list = [join(tree, "var/lib/dpkg/info", `${pkg}:amd64.list`), join(tree, "var/lib/dpkg/info", `${pkg}.list`)].find(existsSync);
  if (!list) throw new Error(`package ${pkg} is not installed in ${tree}`);
  return readFileSync(list, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("/") && line !== "/." && !line.startsWith("/usr/share/doc") && !line.startsWith("/usr/share/lintian"))
    .map((line) => line.slice(1).replace(/^(lib|lib64|bin|sbin)(\/|$)/, "usr/$1$2"))
    .filter((path) => existsSync(join(tree, path)));
}

function makeBuildTree(tree, log) {
  rmSync(tree, { recursive: true, force: true });
  log(`debootstrap --variant=minbase ${SUITE} (python3, make, g++): a few minutes, once per machine`);
  sh("debootstrap", ["--variant=minbase", "--include=python3,make,g++,ca-certificates,tzdata,netbase", SUITE, tree, MIRROR]);
  installNode(tree);
  // The registry is reached through this machine's network: trust what this machine trusts (its egress CA).
  sh("cp", ["/etc/ssl/certs/ca-certificates.crt", join(tree, "etc/ssl/certs/ca-certificates.crt")]);
  sh("bash", ["-c", 'rm -rf "$1"/var/cache/apt/archives/*.deb "$1"/var/lib/apt/lists/*', "_", tree]);
}

function writeRuntimeExtras(extras) {
  for (const dir of ["etc", "tmp", "usr/local/bin", "root", "home/node", "home/nonroot"]) mkdirSync(join(extras, dir), { recursive: true });
  writeFileSync(
    join(extras, "etc/passwd"),
    "root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnode:x:1000:1000:node:/home/node:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n",
  );
  writeFileSync(join(extras, "etc/group"), "root:x:0:\nnogroup:x:65534:\nnode:x:1000:\nnonroot:x:65532:\n");
  writeFileSync(
    join(extras, "etc/nsswitch.conf"),
    "passwd: files\ngroup: files\nhosts: files dns\nnetworks: files\nprotocols: files\nservices: files\n",
  );
  sh("cp", [NODE, join(extras, "usr/local/bin/node")]);
}

function makeRuntimeTar(tree, out, log) {
  log("assembling the runtime base (no shell): libc, libstdc++, tzdata, netbase, the CA bundle, node");
  const paths = new Set([
    "usr",
    "lib",
    "lib64",
    "bin",
    "sbin",
    "etc/ssl/certs/ca-certificates.crt",
    "etc/os-release",
    "usr/lib/os-release",
  ]);
  // glibc's gconv modules (8 MB) serve iconv(3) only, which node never calls.
  for (const pkg of ["libc6", "libgcc-s1", "libstdc++6", "tzdata", "netbase"])
    for (const path of packageFiles(tree, pkg)) if (!path.includes("/gconv")) paths.add(path);
  const stage = `${out}.stage`;
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  sh("bash", ["-c", 'tar -C "$1" --no-recursion -cf - -T - | tar -C "$2" -xf -', "_", tree, stage], { input: [...paths].join("\n") });
  writeRuntimeExtras(stage);
  sh("chmod", ["1777", join(stage, "tmp")]);
  sh("tar", ["-C", stage, "--numeric-owner", "-cf", out, "."]);
  rmSync(stage, { recursive: true, force: true });
}

function imageKey(tag) {
  const result = docker(["image", "inspect", "--format", '{{index .Config.Labels "memos.base.key"}}', tag]);
  return result.status === 0 ? result.stdout.trim() : null;
}

function importTar(tar, tag, changes) {
  const args = ["import"];
  for (const change of [`LABEL memos.base.key=${key()}`, `ENV PATH=${PATH_VALUE}`, ...changes]) args.push("--change", change);
  sh("docker", [...args, tar, tag]);
}

/**
 * Makes both base images unless they exist with this recipe and Node version. `log` receives one line per step;
 * the first run on a machine says it is making them (debootstrap) and why it takes minutes.
 */
export function ensureBaseImages(log = (line) => console.log(`[memos] ${line}`)) {
  if (!dockerOk()) throw new Error("the Docker daemon is not reachable");
  if (imageKey(BUILD_BASE) === key() && imageKey(RUNTIME_BASE) === key()) return { made: false };
  const dir = join(cacheDir(), key());
  const buildTar = join(dir, "build.tar");
  const runtimeTar = join(dir, "runtime.tar");
  if (!existsSync(buildTar) || !existsSync(runtimeTar)) {
    if (process.getuid?.() !== 0) throw new Error("making the base images needs root (debootstrap)");
    log(`no base images for Node ${NODE_VERSION} yet: making them from Debian packages into ${dir}`);
    mkdirSync(dir, { recursive: true });
    const tree = join(dir, "rootfs");
    if (existsSync(buildTar)) {
      rmSync(tree, { recursive: true, force: true });
      mkdirSync(tree);
      sh("tar", ["-C", tree, "-xf", buildTar]);
    } else {
      makeBuildTree(tree, log);
      sh("tar", ["-C", tree, "--numeric-owner", "-cf", `${buildTar}.partial`, "."]);
      renameSync(`${buildTar}.partial`, buildTar);
    }
    makeRuntimeTar(tree, `${runtimeTar}.partial`, log);
    renameSync(`${runtimeTar}.partial`, runtimeTar);
    rmSync(tree, { recursive: true, force: true });
  }
  // Each image is imported only when missing or stale: a new import is a new image id, which would make the
  // Dockerfile's stages on it (npm ci: minutes) miss the build cache.
  if (imageKey(BUILD_BASE) !== key()) {
    log(`importing ${BUILD_BASE} from ${dir}`);
    importTar(buildTar, BUILD_BASE, ['CMD ["node"]']);
  }
  if (imageKey(RUNTIME_BASE) !== key()) {
    log(`importing ${RUNTIME_BASE} from ${dir}`);
    importTar(runtimeTar, RUNTIME_BASE, ['ENTRYPOINT ["/usr/local/bin/node"]', "USER 65532:65532"]);
  }
  return { made: true };
}
