// The main thread's side of the thumbnail thread (thumbnail.worker.ts): one thread makes thumbnails one at a time,
// in the order asked, so a page of photos never takes more than one core beside the event loop. The thread starts on
// the first request and ends after a minute unused (a decoded photo is tens of megabytes it then gives back). When
// more are waiting than MAX_WAITING, a request is answered at once with "busy": the caller sends the original.
import { Worker } from "node:worker_threads";
import type { ThumbnailResult } from "./thumbnail-image.js";
import type { ThumbnailReply, ThumbnailRequest } from "./thumbnail-messages.js";

// From TypeScript source (this module's URL ends in .ts) the thread starts through tsx; the build ships it as
// thumbnail-maker.js beside the chunk this code is bundled into.
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("./thumbnail.worker.dev.mjs", import.meta.url)
  : new URL("./thumbnail-maker.js", import.meta.url);
const IDLE_MS = 60_000;
const MAX_WAITING = 64;

interface Pending {
  resolve(result: ThumbnailResult): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();
let idleTimer: NodeJS.Timeout | undefined;

function fail(error: Error): void {
  worker = null;
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(WORKER_URL);
  thread.on("message", ({ id, result }: ThumbnailReply) => {
    pending.get(id)?.resolve(result);
    pending.delete(id);
    if (pending.size === 0) idle(thread);
  });
  thread.on("error", (error) => fail(error));
  thread.on("exit", () => {
    if (worker === thread) fail(new Error("the thumbnail thread ended"));
  });
  worker = thread;
  return thread;
}

/** Nothing waits: the thread keeps no process alive and ends after IDLE_MS. */
function idle(thread: Worker): void {
  thread.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker === thread && pending.size === 0) {
      worker = null;
      void thread.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

/** The thumbnail of `bytes`, made on the thread. */
export function thumbnailOnThread(bytes: Uint8Array): Promise<ThumbnailResult> {
  if (pending.size >= MAX_WAITING) return Promise.resolve({ made: false, reason: "busy" });
  const thread = started();
  clearTimeout(idleTimer);
  thread.ref();
  const id = nextId++;
  // A copy is handed over: the caller's buffer may be a window on Node's shared pool, or still in use.
  const owned = new Uint8Array(bytes);
  return new Promise<ThumbnailResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, bytes: owned } satisfies ThumbnailRequest, [owned.buffer as ArrayBuffer]);
  });
}
