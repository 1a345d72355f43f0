/** Types of prune-modules.mjs, for its test (TypeScript). */
export declare function packagesToKeep(root: string, packages: { external: string[]; firstUse: string[] }): Set<string>;
