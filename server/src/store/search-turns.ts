// Searches take turns per caller. A caller's searches run one at a time, in the order they came, so however many
// slow searches one caller sends, they hold one of the readers (SQLite) or connections (PostgreSQL) kept for
// searches, and another caller's search finds one free: one caller's searches never queue another's.

/** A search that waited for its caller's earlier ones past the budget: answered as one that ran past it. */
export class SearchTurnTimeout extends Error {
  readonly code = "MEMOS_QUERY_BUDGET";
  constructor(readonly budgetMs: number) {
    super(`the search waited for the caller's earlier searches past its budget of ${budgetMs} ms`);
  }
}

export class SearchTurns {
  /** Per caller: settles when the caller's last search so far is done. */
  readonly #tails = new Map<string, Promise<void>>();
  /** Per caller: searches running or waiting. */
  readonly #counts = new Map<string, number>();

  /** `waitMs`: the longest a search waits for its turn (the search budget). */
  constructor(private readonly waitMs: number) {}

  /** Searches of this caller running or waiting now (all callers' without one). */
  inFlight(caller?: string): number {
    if (caller !== undefined) return this.#counts.get(caller) ?? 0;
    let sum = 0;
    for (const count of this.#counts.values()) sum += count;
    return sum;
  }

  /** Runs `search` once the caller's earlier searches are done; refused when that takes longer than `waitMs`. */
  async run<T>(caller: string, search: () => Promise<T>): Promise<T> {
    const earlier = this.#tails.get(caller);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next search of the caller waits for this one and for every one before it, even if this one gives up.
    const tail = earlier ? earlier.then(() => mine) : mine;
    this.#tails.set(caller, tail);
    // Forgotten once every search so far is done (not when this one is: it may have given up waiting).
    void tail.then(() => {
      if (this.#tails.get(caller) === tail) this.#tails.delete(caller);
    });
    this.#counts.set(caller, (this.#counts.get(caller) ?? 0) + 1);
    try {
      if (earlier) await this.#wait(earlier);
      return await search();
    } finally {
      done();
      const left = this.#counts.get(caller)! - 1;
      if (left === 0) this.#counts.delete(caller);
      else this.#counts.set(caller, left);
    }
  }

  #wait(earlier: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SearchTurnTimeout(this.waitMs)), this.waitMs);
    });
    return Promise.race([earlier, late]).finally(() => clearTimeout(timer));
  }
}
