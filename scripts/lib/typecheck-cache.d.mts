/** tsc's arguments for `project`, its incremental state restored from the machine's when missing. */
export declare function typecheckArgs(project: string, root?: string): string[];
/** Keeps the state tsc left for `project` for the next clone; an error message when it could not. */
export declare function keepTypecheckState(project: string, root?: string): string | null;
