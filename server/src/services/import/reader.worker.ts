// The import's reading step, on a thread of its own (kept by reader-thread.ts for one import at a time): it opens
// the archive, parses every note into an ImportPlan (YAML, HTML, JSON and Markdown are CPU work that would hold the
// main thread's event loop), hands the plan over in parts, then inflates the files the commit asks for. Bundled as
// server/dist/import-reader.js; from TypeScript source it is started through reader.worker.dev.mjs.
import { parentPort } from "node:worker_threads";
import { HttpError } from "../../errors.js";
import { Archive, type ArchiveLimits } from "./archive.js";
import { readPlan } from "./detect.js";
import { type PlanPart, planParts, type ReaderFailure, type ReaderReply, type ReaderRequest } from "./reader-messages.js";

const port = parentPort!;

interface Session {
  opened: Promise<Archive>;
  parts: Promise<Generator<PlanPart>>;
}

let session: Session | null = null;

function begin(file: string, limits: ArchiveLimits): Session {
  const opened = Archive.open(file, limits);
  const parts = opened.then(async (archive) => planParts(await readPlan(archive)));
  // Failures are answered to the request that meets them.
  parts.catch(() => {});
  return { opened, parts };
}

function failure(error: unknown): ReaderFailure {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  return { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

async function answer(request: Exclude<ReaderRequest, { op: "open" }>): Promise<void> {
  try {
    if (!session) throw new Error(`"${request.op}" without an open archive`);
    if (request.op === "part") {
      const next = (await session.parts).next();
      port.postMessage({ id: request.id, value: next.done ? null : next.value } satisfies ReaderReply);
    } else if (request.op === "read") {
      const bytes = await (await session.opened).read(request.entry);
      // A copy of its own: a small Buffer shares Node's pool, which must not be handed away.
      const copy = new Uint8Array(bytes);
      port.postMessage({ id: request.id, value: copy } satisfies ReaderReply, [copy.buffer]);
    } else {
      // The zip's file descriptor belongs to the process, not to this thread: closed before the thread is reused.
      const { opened } = session;
      session = null;
      await opened.then(
        (archive) => archive.close(),
        () => {},
      );
      port.postMessage({ id: request.id, value: true } satisfies ReaderReply);
    }
  } catch (error) {
    port.postMessage({ id: request.id, error: failure(error) } satisfies ReaderReply);
  }
}

port.on("message", (request: ReaderRequest) => {
  if (request.op === "open") session = begin(request.file, request.limits);
  else void answer(request);
});
