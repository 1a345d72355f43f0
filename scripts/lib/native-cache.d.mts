/** Where compiled modules (and tsc's incremental state) are kept: MEMOS_BUILD_CACHE, else ~/.cache/memos. */
export declare function cacheDir(): string;
/** The cache file for the locked better-sqlite3 in this Node, or null without a lockfile entry to name it by. */
export declare function cachedModuleFile(): string | null;
/** The packages besides better-sqlite3 whose install scripts `npm ci --ignore-scripts` left out. */
export declare function otherScriptedPackages(): string[];
/** Copies the cached module into node_modules; false when there is none. */
export declare function restoreModule(cacheFile: string): boolean;
/** Keeps the module `npm ci` just compiled; an error message when it could not. */
export declare function saveModule(cacheFile: string): string | null;
