// Long work on the main thread (an import's dropping and writing, a tag rename's batches) gives the event loop a
// turn whenever it has run for a slice of time, so other requests are served meanwhile.
import { setImmediate, setTimeout } from "node:timers/promises";

const SLICE_MS = 10;

export class TimeSlices {
  private started = performance.now();

  /**
   * `restMs`: how long each turn lasts at least. With 0 the event loop runs what is ready and the work resumes;
   * a rest lets a request's next step (a read on a reader thread) come back and go on meanwhile.
   */
  constructor(private readonly restMs = 0) {}

  /** Call between steps: yields once the current slice has run SLICE_MS. */
  async next(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    if (this.restMs > 0) await setTimeout(this.restMs);
    else await setImmediate();
    this.started = performance.now();
  }
}
