// The few fields of autocannon's result the bench prints (the package ships no types).
declare module "autocannon" {
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  }
  /** One request of a connection's round; `setupRequest` may rewrite it each time it is sent. */
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec) => RequestSpec;
  }
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }): Promise<Result>;
}
