// Purges memos past the trash's retention: once when the app starts, then every hour, for as long as it is open.
// Several server processes may sweep at once: a purge deletes what is there, twice is harmless.
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.js";
import { purgeExpiredTrash } from "./trash.service.js";

const EVERY_MS = 60 * 60 * 1000;

export function startTrashSweeper(ctx: AppContext, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = purgeExpiredTrash(ctx).catch((error: unknown) => log.error({ err: error }, "purging the trash failed"));
  };
  const timer = setInterval(sweep, EVERY_MS);
  timer.unref();
  sweep();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
