// Packages loaded when first used instead of at start: each is heap (its source and compiled code) that a server
// which never uses the feature should not hold (README, "Memory"). `require` returns a package's CommonJS build at
// once, so synchronous code keeps its shape; packages with no CommonJS build are loaded with `import()` where used.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Loads the package `name` on the first call; Node keeps it loaded for the later ones. */
export const onFirstUse =
  <T>(name: string) =>
  (): T =>
    require(name) as T;
