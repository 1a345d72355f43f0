// Packages loaded when first used instead of at start: each is heap (its source and compiled code) that a server
// which never uses the feature should not hold (docs/operator-guide.md#memory). `require` returns a package's CommonJS build at
// once, so synchronous code keeps its shape; packages with no CommonJS build are loaded with `import()` where used.
// The built server (scripts/build-server.mjs) has each of them bundled into first-use/<name>.cjs beside its chunks,
// so the image's node_modules holds none of them; run from the sources, they come from node_modules.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** The bundled file of package `name` beside this chunk (scripts/build-server.mjs's firstUseFile), or null. */
function bundledFile(name: string): string | null {
  const file = fileURLToPath(new URL(`./first-use/${name.replace("/", "+")}.cjs`, import.meta.url));
  return existsSync(file) ? file : null;
}

/** Loads the package `name` on the first call; Node keeps it loaded for the later ones. */
export const onFirstUse = <T>(name: string) => {
  let loaded: T | undefined;
  return (): T => {
    loaded ??= require(bundledFile(name) ?? name) as T;
    return loaded;
  };
};
