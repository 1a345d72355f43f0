/** Where compiled modules (and tsc's incremental state) are kept: MEMOS_BUILD_CACHE, else ~/.cache/memos. */
export declare function cacheDir(): string;
/** The cache file for the locked better-sqlite3 built for a module ABI (this Node's by default), or null. */
export declare function cachedModuleFile(abi?: string): string | null;
/** The packages besides better-sqlite3 whose install scripts `npm ci --ignore-scripts` left out. */
export declare function otherScriptedPackages(): string[];
/** Copies the cached module into node_modules; false when there is none. */
export declare function restoreModule(cacheFile: string): boolean;
/** Keeps the module `npm ci` just compiled (or `from`); an error message when it could not, or it does not load here. */
export declare function saveModule(cacheFile: string, from?: string): string | null;
