/** The Node the scripts run on when the running one is outside `engines.node`. */
export declare const PINNED_NODE_VERSION: string;
/** `engines.node` of package.json. */
export declare function supportedRange(): string;
/** Whether `version` (x.y.z) is in `range` (`^x.y.z`, `>=x.y.z` or `x.y.z` parts between `||`). */
export declare function inRange(version: string, range: string): boolean;
/** The folder the pinned Node is unpacked into. */
export declare function pinnedNodeDir(): string;
/** The environment of a process that runs on `nodeBinary`: its bin folder first in PATH, node-gyp on its headers. */
export declare function nodeEnv(nodeBinary: string, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** The install prefix of `nodeBinary` when it holds headers of module ABI `abi`; null otherwise. */
export declare function headersDir(nodeBinary?: string, abi?: string): string | null;
/** Why a script must run on the pinned Node instead of the running one, or null. */
export declare function reasonToSwitch(env?: NodeJS.ProcessEnv, version?: string, execPath?: string): string | null;
/** Runs the script again on the pinned Node when it must (and exits with its code); returns otherwise. */
export declare function runOnSupportedNode(): Promise<void>;
