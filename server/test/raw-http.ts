// Requests over a real socket with the request target exactly as written: app.inject resolves `/./` and `..`
// and turns `\` into `/` before the server sees them, as a browser would, but a client with a socket need not.
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestApp } from "./harness.js";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface RawServer {
  port: number;
  send(method: string, target: string, headers?: Record<string, string>, body?: Buffer | string): Promise<RawResponse>;
}

/** Starts `t`'s app on a loopback port unless it listens already (closed with the app, which ends the kept-alive sockets). */
export async function listenRaw(t: TestApp): Promise<RawServer> {
  if (!t.app.server.listening) await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  return {
    port,
    send: (method, target, headers = {}, body) =>
      new Promise((resolve, reject) => {
        const outgoing = request({ host: "127.0.0.1", port, method, path: target, headers, agent }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }),
          );
          response.on("error", reject);
        });
        outgoing.on("error", reject);
        outgoing.end(body);
      }),
  };
}
