// A real HTTP receiver on loopback for webhook tests: it records every request (headers and raw body) and answers
// with the status the test sets (a list is used up in order, then the last one stays).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The statuses of the next answers, in order; the last one repeats. */
  answer(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let statuses = [200];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      response.writeHead(status, { "Content-Type": "text/plain" });
      response.end(`answer ${status} ${"x".repeat(3000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answer: (...next) => {
      statuses = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` returns a value other than undefined/false (polling), or fails after `ms`. */
export async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
