// A client of GET /api/events over real HTTP, reading Server-Sent Events as EventSource does: `id:` lines set the
// last event id (also on a message without data), `data:` lines make an event, `:` lines are comments. Tests wait on
// what it has read, never on time.
import { expect, vi } from "vitest";
import { type CredentialKind, openIdOf } from "./credential-kinds.js";
import type { TestUser } from "./factories.js";
import type { TestApp } from "./harness.js";
import { personalToken } from "./v1-client.js";

export interface ReadEvent {
  id: string | undefined;
  data: Record<string, unknown>;
}

export class EventStreamClient {
  readonly events: ReadEvent[] = [];
  readonly comments: string[] = [];
  /** The last event id, as EventSource keeps it. */
  lastEventId: string | undefined;
  retry: number | undefined;
  private readonly abort = new AbortController();
  /** Resolves when the server ended the stream (or it was closed). */
  ended: Promise<void> = Promise.resolve();
  private taken = 0;

  static async open(base: string, options: { headers?: Record<string, string>; query?: string; lastEventId?: string } = {}) {
    const stream = new EventStreamClient();
    const headers = {
      accept: "text/event-stream",
      ...options.headers,
      ...(options.lastEventId && { "last-event-id": options.lastEventId }),
    };
    const response = await fetch(`${base}/api/events${options.query ?? ""}`, { headers, signal: stream.abort.signal });
    expect(response.status, await peekError(response)).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    stream.ended = stream.read(response.body!);
    await vi.waitFor(() => expect(stream.comments).toContain("connected"));
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) this.take(block);
      }
    } catch {
      // aborted by close()
    }
  }

  private take(block: string): void {
    let data: string | undefined;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
      else if (line.startsWith("id: ")) this.lastEventId = line.slice(4);
      else if (line.startsWith("retry: ")) this.retry = Number(line.slice(7));
      else if (line.startsWith("data: ")) data = line.slice(6);
    }
    if (data !== undefined) this.events.push({ id: this.lastEventId, data: JSON.parse(data) });
  }

  /** Waits for the next event after those already taken, and takes it. */
  async next(): Promise<ReadEvent> {
    await vi.waitFor(() => expect(this.events.length).toBeGreaterThan(this.taken));
    return this.events[this.taken++]!;
  }

  /** The events not taken yet. */
  get untaken(): Record<string, unknown>[] {
    return this.events.slice(this.taken).map((event) => event.data);
  }

  close(): void {
    this.abort.abort();
  }
}

async function peekError(response: Response): Promise<string> {
  return response.ok ? "" : await response.clone().text();
}

/** How a stream is opened for `user` with each kind of credential (new tokens each time). */
export async function streamOptionsOf(
  t: TestApp,
  user: TestUser,
  kind: CredentialKind,
): Promise<{ headers?: Record<string, string>; query?: string }> {
  switch (kind) {
    case "session":
      return { headers: { cookie: user.client.cookie! } };
    case "read token":
      return { headers: { authorization: `Bearer ${await personalToken(user.client, "read")}` } };
    case "read-write token":
      return { headers: { authorization: `Bearer ${await personalToken(user.client, "read-write")}` } };
    case "open ID":
      return { headers: { authorization: `Bearer ${await openIdOf(t, user)}` } };
    case "?openId=":
      return { query: `?openId=${encodeURIComponent(await openIdOf(t, user))}` };
  }
}
