/** How Node runs the server (server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** glibc's malloc settings of the server process (the Dockerfile sets the same). */
export declare const SERVER_MALLOC_ENV: Readonly<Record<string, string>>;
/** The environment of the server process: the caller's, with our defaults for what it leaves unset. */
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
