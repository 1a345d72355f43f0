// Long imports give the event loop a turn now and then, so other requests are served meanwhile.
import { setImmediate } from "node:timers/promises";

export async function yieldSometimes(n: number, every = 50): Promise<void> {
  if (n > 0 && n % every === 0) await setImmediate();
}
