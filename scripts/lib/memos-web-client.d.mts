/** The memos release whose web client is built: the one whose v1 API the server answers. */
export declare const MEMOS_WEB_TAG: string;
/** The folder of that build: its source (src/), pnpm's store, and the built client (dist/). */
export declare function memosWebClientDir(): string;
/** The built client: index.html and assets/, to be served at the root of the server's origin. */
export declare function memosWebClientDist(): string;
/** The command that builds it, for messages that tell where it is missing. */
export declare const MEMOS_WEB_BUILD_COMMAND: string;
