/** How Node runs the server (server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
