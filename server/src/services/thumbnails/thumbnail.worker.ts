// The thumbnail thread (started by thumbnail-thread.ts): decodes, shrinks and encodes one image at a time, off the
// event loop. Bundled as server/dist/thumbnail-maker.js; from TypeScript source started through
// thumbnail.worker.dev.mjs.
import { parentPort } from "node:worker_threads";
import { makeThumbnail } from "./thumbnail-image.js";
import type { ThumbnailReply, ThumbnailRequest } from "./thumbnail-messages.js";

const port = parentPort!;

port.on("message", ({ id, bytes }: ThumbnailRequest) => {
  let reply: ThumbnailReply;
  try {
    const result = makeThumbnail(bytes);
    // Copied into a buffer of its own, which is handed over: an encoder's Buffer may be a window on Node's pool.
    reply = { id, result: result.made ? { ...result, bytes: new Uint8Array(result.bytes) } : result };
  } catch (error) {
    // A broken or truncated image: its original is what the viewer gets.
    reply = { id, result: { made: false, reason: `unreadable: ${error instanceof Error ? error.message : String(error)}` } };
  }
  port.postMessage(reply, reply.result.made ? [reply.result.bytes.buffer as ArrayBuffer] : []);
});
