/** Types of docker.mjs, for the container test (TypeScript). */
export interface DockerResult {
  status: number;
  stdout: string;
  stderr: string;
}
export declare function docker(args: string[], options?: object): DockerResult;
export declare function dockerOrThrow(args: string[], options?: object): string;
export declare function dockerOk(): boolean;
export declare function ensureDaemon(options?: { logDir?: string; deadlineMs?: number }): Promise<string | null>;
