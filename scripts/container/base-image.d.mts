/** Types of base-image.mjs, for the container test (TypeScript). */
export declare const BUILD_BASE: string;
export declare const RUNTIME_BASE: string;
export declare function baseImagesCached(): boolean;
export declare function ensureBaseImages(log?: (line: string) => void): unknown;
/** Lays the running Node (binary, headers, npm) out under `tree`/usr/local, as the official node images have it. */
export declare function installNode(tree: string): void;
