// The import's work on the main thread (dropping what the account holds, writing the rest) gives the event loop a
// turn whenever it has run for a slice of time, so other requests are served meanwhile.
import { setImmediate } from "node:timers/promises";

const SLICE_MS = 10;

export class TimeSlices {
  private started = performance.now();

  /** Call between steps: yields once the current slice has run SLICE_MS. */
  async next(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await setImmediate();
    this.started = performance.now();
  }
}
