// Counts the SQL statements the app runs, to prove a list costs a fixed number of queries (no N+1).
// It swaps the app's Kysely handle for one carrying a counting plugin; services read `ctx.store.db` per call.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import type { TestApp } from "./harness.js";

export interface QueryCounter {
  /** Statements executed since the counter was installed or last reset. */
  readonly count: number;
  reset(): void;
  /** Puts the original handle back. */
  uninstall(): void;
}

export function installQueryCounter(t: TestApp): QueryCounter {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
    // Called once per executed statement, whatever builder produced it.
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      count += 1;
      return args.result;
    },
  };
  const original = t.ctx.store.db;
  t.ctx.store.db = original.withPlugin(plugin);
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    uninstall() {
      t.ctx.store.db = original;
    },
  };
}
