// Query plans of the per-address, per-token and per-account limits' tables, as an attack fills them: a single sign-on
// start counts its address's open flows through idx_oidc_flow_address and deletes the expired ones through
// idx_oidc_flow_expires; the MCP buckets' prune finds the idle ones through idx_mcp_rate_at; an account's wrong
// two-factor codes are counted through idx_two_factor_failure_user and pruned through idx_two_factor_failure_created;
// the expired second-factor steps after single sign-on are deleted through idx_sso_second_factor_expires.
// No scan of the table, whatever its size. Plans, not wall-clock time.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expiredOidcFlowsQuery, openOidcFlowsQuery } from "../../src/store/sql/identity-provider.store.js";
import { idleMcpRatesQuery } from "../../src/store/sql/mcp-rate.store.js";
import { accountCodeFailuresQuery, oldCodeFailuresQuery } from "../../src/store/sql/code-lock.store.js";
import { expiredSsoSecondFactorsQuery } from "../../src/store/sql/sso-second-factor.store.js";
import { createTestApp, type TestApp } from "../harness.js";
import { explainPlan } from "./explain.js";

const FLOWS = 20_000;
const ADDRESSES = 2_000;
const NOW = 2_000_000_000;

describe("query plans of the sign-in limits' tables", () => {
  let t: TestApp;
  const explain = (query: CompiledQuery) => explainPlan(t.ctx.store, query);
  /** A plan reads `table` only through `index`. */
  const expectThrough = (plan: string, table: string, index: string) => {
    expect(plan).toContain(index);
    expect(plan).not.toMatch(new RegExp(`Seq Scan on ${table}|SCAN ${table}(?! USING)`));
  };

  beforeAll(async () => {
    // A database of its own: the planner reads these tables' sizes.
    t = await createTestApp({ freshDatabase: true });
    const db = t.ctx.store.db;
    for (let start = 0; start < FLOWS; start += 1_000) {
      const flows = Array.from({ length: 1_000 }, (_, k) => {
        const i = start + k;
        return {
          state_hash: `state-${i}`,
          provider_id: 1,
          nonce: "n",
          code_verifier: "v",
          redirect_uri: "https://memos.example/auth/oidc/callback",
          browser_hash: `browser-${i}`,
          link_user_id: null,
          // A few expired, the rest open for up to ten minutes.
          expires_ts: NOW + (i % 100 === 0 ? -60 : i % 600),
          address_key: `address-${i % ADDRESSES}`,
        };
      });
      await db.insertInto("oidc_flow").values(flows).execute();
      const buckets = Array.from({ length: 1_000 }, (_, k) => ({
        token_id: start + k + 1,
        tokens: 3,
        at_ms: NOW * 1000 - ((start + k) % 100 === 0 ? 120_000 : (start + k) % 50_000),
        allowed: 1,
      }));
      await db.insertInto("mcp_rate").values(buckets).execute();
      // Wrong codes spread over 2,000 accounts, the window's last 15 minutes and some older.
      const failures = Array.from({ length: 1_000 }, (_, k) => ({
        user_id: ((start + k) % ADDRESSES) + 1,
        created_ts: NOW - ((start + k) % 1_200),
      }));
      await db.insertInto("two_factor_failure").values(failures).execute();
      const steps = Array.from({ length: 1_000 }, (_, k) => ({
        ticket_hash: `ticket-${start + k}`,
        user_id: ((start + k) % ADDRESSES) + 1,
        expires_ts: NOW + ((start + k) % 100 === 0 ? -60 : (start + k) % 300),
      }));
      await db.insertInto("sso_second_factor").values(steps).execute();
    }
    await db.executeQuery(CompiledQuery.raw(t.ctx.store.engine === "postgres" ? "VACUUM ANALYZE" : "ANALYZE"));
  });
  afterAll(() => t?.close());

  it("counts one address's open flows through idx_oidc_flow_address", async () => {
    const query = openOidcFlowsQuery(t.ctx.store.db, "address-7", NOW);
    expectThrough(await explain(query.compile()), "oidc_flow", "idx_oidc_flow_address");
    // And counts what it should: the address's 10 flows, of which none expired at NOW (i % 100 = 0 never has i % 2000 = 7).
    expect(Number((await query.executeTakeFirstOrThrow()).n)).toBe(FLOWS / ADDRESSES);
  });

  it("deletes the expired flows through idx_oidc_flow_expires", async () => {
    expectThrough(await explain(expiredOidcFlowsQuery(t.ctx.store.db, NOW).compile()), "oidc_flow", "idx_oidc_flow_expires");
  });

  it("counts one account's wrong two-factor codes through idx_two_factor_failure_user", async () => {
    const query = accountCodeFailuresQuery(t.ctx.store.db, 7, NOW - 900);
    expectThrough(await explain(query.compile()), "two_factor_failure", "idx_two_factor_failure_user");
    expect(Number((await query.executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });

  it("deletes the wrong codes out of the window through idx_two_factor_failure_created", async () => {
    expectThrough(
      await explain(oldCodeFailuresQuery(t.ctx.store.db, NOW - 900).compile()),
      "two_factor_failure",
      "idx_two_factor_failure_created",
    );
  });

  it("deletes the expired second-factor steps after single sign-on through idx_sso_second_factor_expires", async () => {
    const query = expiredSsoSecondFactorsQuery(t.ctx.store.db, NOW).compile();
    expectThrough(await explain(query), "sso_second_factor", "idx_sso_second_factor_expires");
  });

  it("finds the idle MCP buckets through idx_mcp_rate_at", async () => {
    expectThrough(await explain(idleMcpRatesQuery(t.ctx.store.db, NOW * 1000).compile()), "mcp_rate", "idx_mcp_rate_at");
  });
});
