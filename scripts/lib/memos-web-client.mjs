// Where the memos v0.30 web client (memos' own, built unchanged from its repository by scripts/memos-web-client.mjs)
// is kept: in the build cache, never in this repository. The e2e spec that drives it reads the same place.
import { join } from "node:path";
import { cacheDir } from "./native-cache.mjs";

/** The memos release whose web client is built: the one whose v1 API the server answers. */
export const MEMOS_WEB_TAG = "v0.30.0";

/** The folder of that build: its source (src/), pnpm's store, and the built client (dist/). */
export function memosWebClientDir() {
  return join(cacheDir(), `memos-web-${MEMOS_WEB_TAG}`);
}

/** The built client: index.html and assets/, to be served at the root of the server's origin. */
export function memosWebClientDist() {
  return join(memosWebClientDir(), "dist");
}

/** The command that builds it, for messages that tell where it is missing. */
export const MEMOS_WEB_BUILD_COMMAND = "npm run memos-web-client";
