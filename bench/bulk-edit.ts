// The bulk-edit bench: on a generated data set, the measured user selects their newest memos (`GET /api/memo/ids`,
// 10,000 by default) and runs each action of `POST /api/memo/batch` on all of them, with a webhook that hears every
// event (the webhook dispatcher stopped: the deliveries are queued, none is sent). Prints, per action, the request's time, how many memos it
// changed, and the longest the event loop was held meanwhile (what other requests would have waited at most).
// The data set is changed (the last action trashes the selection), so it is always a fresh one.
//   npm run -w bench bulk -- --driver sqlite,postgres --memos 100000
//   npm run -w bench bulk -- --driver sqlite --memos 2000 --ids 500      (quick)
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { MemoBatchRequest } from "@memos/common";
import { WEBHOOK_EVENTS } from "@memos/common";
import { buildApp } from "../server/src/app.js";
import { type Config, MCP_REQUESTS_PER_MINUTE, WEBHOOK_DEFAULTS } from "../server/src/config.js";
import type { AppContext } from "../server/src/context.js";
import type { WebhookDispatcher } from "../server/src/services/webhook-dispatcher.js";
import { openStore } from "../server/src/store/open.js";
import { dataSet } from "./data-sets.js";
import { generate } from "./generate.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite" },
    memos: { type: "string", default: "100000" },
    users: { type: "string", default: "20" },
    ids: { type: "string", default: "10000" },
    webhook: { type: "string", default: "true" },
  },
});

/** The actions in the order they run: each leaves the selection as the next expects, the trash last. */
const ACTIONS: Array<Omit<MemoBatchRequest, "ids">> = [
  { action: "pin" },
  { action: "unpin" },
  { action: "visibility", visibility: "PUBLIC" },
  { action: "visibility", visibility: "PRIVATE" },
  { action: "addTags", tags: ["bulk", "bench/bulk"] },
  { action: "removeTags", tags: ["bulk"] },
  { action: "archive" },
  { action: "restore" },
  { action: "trash" },
];

async function measure(driver: "sqlite" | "postgres", memoCount: number, selection: number) {
  const place = await dataSet(driver, memoCount, args.users!, undefined);
  const config: Config = {
    mode: "prod",
    addr: "127.0.0.1",
    port: 0,
    data: place.dir,
    driver,
    dsn: place.dsn,
    maxUploadBytes: 32 << 20,
    storage: "db",
    webDist: null,
    trustProxy: false,
    sqliteReaders: 2,
    searchBudgetMs: 5000,
    backupEveryMs: null,
    backupKeep: 7,
    webhookAllowPrivate: false,
    oidcAllowPrivate: false,
    linkPreviewAllowPrivate: false,
    projectInfoUrl: "http://127.0.0.1:9",
    ...WEBHOOK_DEFAULTS,
    mcpRequestsPerMinute: MCP_REQUESTS_PER_MINUTE,
    metrics: false,
    metricsToken: null,
    logLevel: "warn",
  };
  const { store } = await openStore(config);
  try {
    const data = await generate(store, Number(args.users), memoCount);
    await store.settled();
    const ctx: AppContext = { config, store };
    const app = await buildApp(ctx);
    // What sending costs is the dispatcher's, not the edit's: with it stopped the deliveries stay queued.
    await (ctx.webhooks as WebhookDispatcher | undefined)?.stop();
    try {
      const signIn = await app.inject({
        method: "POST",
        url: "/api/auth/signin",
        payload: { username: "bench1", password: data.password },
      });
      const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
      const webhook =
        args.webhook === "false"
          ? null
          : await app.inject({
              method: "POST",
              url: "/api/webhook",
              headers: { cookie },
              payload: { name: "hears all", url: "https://example.com/hook", events: [...WEBHOOK_EVENTS] },
            });
      if (webhook && webhook.statusCode !== 200) throw new Error(`webhook: ${webhook.statusCode} ${webhook.body}`);

      const loop = monitorEventLoopDelay({ resolution: 5 });
      const run = async (method: "GET" | "POST", url: string, payload?: object) => {
        loop.reset();
        loop.enable();
        const started = performance.now();
        const response = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
        const ms = performance.now() - started;
        loop.disable();
        if (response.statusCode !== 200) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
        return { ms, stallMs: loop.max / 1e6, data: JSON.parse(response.body).data };
      };

      console.log(`\n${driver}, ${memoCount} memos of ${data.userIds.length} users; bulk edits of bench1's newest ${selection}:`);
      console.log(`${"request".padEnd(40)}${"ms".padStart(10)}${"changed".padStart(10)}${"longest stall, ms".padStart(20)}`);
      const selected = await run("GET", `/api/memo/ids?rowStatus=NORMAL`);
      const ids = (selected.data.ids as number[]).slice(0, selection);
      const row = (name: string, result: { ms: number; stallMs: number }, changed: string) =>
        console.log(
          `${name.padEnd(40)}${result.ms.toFixed(0).padStart(10)}${changed.padStart(10)}${result.stallMs.toFixed(1).padStart(20)}`,
        );
      row(`GET /api/memo/ids (${selected.data.ids.length} ids)`, selected, "");
      for (const action of ACTIONS) {
        const result = await run("POST", "/api/memo/batch", { ids, ...action });
        const name = `${action.action}${action.visibility ? ` ${action.visibility}` : ""}${action.tags ? ` ${action.tags.join(" ")}` : ""}`;
        row(name, result, String(result.data.changed));
      }
      const queued = await store.db
        .selectFrom("webhook_delivery")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      console.log(`webhook deliveries queued: ${Number(queued?.n ?? 0)}`);
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
    await place.cleanUp();
  }
}

async function main() {
  for (const name of args.driver.split(",")) {
    await measure(name.trim() === "postgres" ? "postgres" : "sqlite", Number(args.memos), Number(args.ids));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
