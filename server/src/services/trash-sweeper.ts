// The trash's background purger: once when the app starts, every hour, and when kicked (a trash emptied, a trash
// read), it records the expiry of what the host's retention has expired and runs every recorded purge to its end
// (trash.service.ts sweepTrash), one round at a time in this process. Several server processes may sweep at once:
// PostgreSQL hands each its own batches, and a purge deletes only what is there.
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.js";
import { sweepTrash } from "./trash.service.js";

const EVERY_MS = 60 * 60 * 1000;

export interface TrashSweeper {
  /** Runs a round soon: now when idle, or once more after the round under way. */
  kick(): void;
  /** Resolves when no round runs or is asked for (tests wait on it: the recorded purges are done). */
  settled(): Promise<void>;
  /** Stops after the batch under way; what is left stays recorded for the next start. */
  stop(): Promise<void>;
}

export function startTrashSweeper(ctx: AppContext, log: FastifyBaseLogger): TrashSweeper {
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  const rounds = async () => {
    do {
      again = false;
      await sweepTrash(ctx, () => stopped).catch((error: unknown) => log.error({ err: error }, "purging the trash failed"));
    } while (again && !stopped);
    running = null;
  };
  const kick = () => {
    if (stopped) return;
    if (running) again = true;
    else running = rounds();
  };
  const timer = setInterval(kick, EVERY_MS);
  timer.unref();
  kick();
  return {
    kick,
    async settled() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
