/** Types of prepare.mjs, for the container test (TypeScript). */
export declare function prepareContainerImage(options?: {
  log?: (line: string) => void;
  logFile?: string;
}): Promise<{ image?: string; unavailable?: string; failed?: string; logFile?: string }>;
