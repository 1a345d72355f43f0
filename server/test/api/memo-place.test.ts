// The map's query (`GET /api/memo/place`): the caller's own NORMAL memos whose place has coordinates inside the box,
// south to north, capped (the cap bounds what is read: the query has no ORDER BY); a box across the 180th meridian; every credential kind; and its plan on both engines, a
// range of the places index (migration 049), never a scan of memo.
import { MAX_MAP_PLACES, type MemoPlace } from "@memos/common";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placesSql } from "../../src/store/sql/memo/memo-place.store.js";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { appTokenOf } from "../oauth-flow.js";
import { explainPlan } from "../store/explain.js";

let t: TestApp;
let host: TestUser;
let owner: TestUser;
let other: TestUser;

const at = (placeholder: string, latitude: number, longitude: number) => ({ location: { placeholder, latitude, longitude } });

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  owner = await createUser(t, host, "mapper");
  other = await createUser(t, host, "neighbour");
  await createMemo(owner, "# Lunch at the **tower**", "PUBLIC", at("Eiffel Tower", 48.8584, 2.2945));
  await createMemo(owner, "Big Ben", "PRIVATE", at("Westminster", 51.5007, -0.1246));
  await createMemo(owner, "Sydney", "PROTECTED", at("Opera House", -33.8568, 151.2153));
  await createMemo(owner, "Fiji, east of the line", "PRIVATE", at("Suva", -18.1248, 178.4501));
  await createMemo(owner, "Samoa, west of the line", "PRIVATE", at("Apia", -13.8333, -171.7667));
  await createMemo(owner, "a place by name only", "PRIVATE", { location: { placeholder: "Home" } });
  await createMemo(owner, "no place");
  const archived = await createMemo(owner, "archived in Paris", "PRIVATE", at("Louvre", 48.8606, 2.3376));
  await owner.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
  const trashed = await createMemo(owner, "trashed in Paris", "PRIVATE", at("Orsay", 48.86, 2.3266));
  await owner.client.delete(`/api/memo/${trashed.id}`);
  await createMemo(other, "someone else's public Paris", "PUBLIC", at("Notre-Dame", 48.853, 2.3499));
});
afterAll(() => t.close());

const places = async (client: TestUser["client"], query = ""): Promise<{ places: MemoPlace[]; more: boolean }> => {
  const response = await client.get(`/api/memo/place${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};
const names = (answer: { places: MemoPlace[] }) => answer.places.map((place) => place.location.placeholder);

describe("GET /api/memo/place", () => {
  it("answers the caller's own NORMAL memos with coordinates, south to north, with their first words", async () => {
    const world = await places(owner.client);
    expect(names(world)).toEqual(["Opera House", "Suva", "Apia", "Eiffel Tower", "Westminster"]);
    expect(world.more).toBe(false);
    expect(world.places.find((place) => place.location.placeholder === "Eiffel Tower")).toMatchObject({
      snippet: "Lunch at the tower",
      visibility: "PUBLIC",
      location: { latitude: 48.8584, longitude: 2.2945 },
    });
  });

  it("keeps to the box, its edges included, and crosses the 180th meridian when west is past east", async () => {
    expect(names(await places(owner.client, "?south=40&west=-10&north=60&east=10"))).toEqual(["Eiffel Tower", "Westminster"]);
    expect(names(await places(owner.client, "?south=48.8584&west=2.2945&north=48.8584&east=2.2945"))).toEqual(["Eiffel Tower"]);
    expect(names(await places(owner.client, "?south=-40&west=170&north=0&east=-170"))).toEqual(["Suva", "Apia"]);
    expect(names(await places(owner.client, "?south=-40&west=-170&north=0&east=170"))).toEqual(["Opera House"]);
    expect(names(await places(owner.client, "?north=0"))).toEqual(["Opera House", "Suva", "Apia"]);
  });

  it("refuses a side that is not degrees in range, or a box upside down, naming the field", async () => {
    expectError(await owner.client.get("/api/memo/place?south=-91"), 400, /south: must be between -90 and 90/);
    expectError(await owner.client.get("/api/memo/place?east=181"), 400, /east: must be between -180 and 180/);
    expectError(await owner.client.get("/api/memo/place?west=abc"), 400, /west: must be a number of degrees/);
    expectError(await owner.client.get("/api/memo/place?south=10&north=5"), 400, /south: must not be north of north/);
  });

  it("answers at most its cap and says more follow", async () => {
    const busy = await createUser(t, host, "busy-mapper");
    const rows = Array.from({ length: MAX_MAP_PLACES + 5 }, (_, i) => ({
      creator_id: busy.user.id,
      content: `spot ${i}`,
      location_placeholder: `spot ${i}`,
      location_latitude: -80 + (i % 160),
      location_longitude: (i % 360) - 180,
    }));
    for (let start = 0; start < rows.length; start += 200)
      await t.ctx.store.db
        .insertInto("memo")
        .values(rows.slice(start, start + 200))
        .execute();
    const answer = await places(busy.client);
    expect(answer.places).toHaveLength(MAX_MAP_PLACES);
    expect(answer.more).toBe(true);
  });

  it("reaches its caller on every credential kind, never another's places; a visitor, a share link and an app token are refused", async () => {
    for (const kind of CREDENTIAL_KINDS) {
      expect(names(await places(await callerOf(t, owner, kind))), kind).toContain("Westminster");
      expect(names(await places(await callerOf(t, other, kind))), kind).toEqual(["Notre-Dame"]);
    }
    expectError(await anonymous(t).get("/api/memo/place"), 401);
    const [memo] = (await owner.client.get("/api/memo")).body.data;
    const link = await owner.client.post(`/api/memo/${memo.id}/share`, {});
    expectError(await anonymous(t).withToken(link.body.data.token).get("/api/memo/place"), 401);
    expectError(
      await anonymous(t)
        .withToken(await appTokenOf(t, owner))
        .get("/api/memo/place"),
      403,
    );
  });
});

describe("the plan of the map's query", () => {
  let big: TestApp;
  beforeAll(async () => {
    // A database of its own, with many creators' memos, most without a place: the planner reads the sizes.
    big = await createTestApp({ freshDatabase: true });
    const db = big.ctx.store.db;
    for (let start = 0; start < 20_000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const placed = i % 10 === 0;
        return {
          creator_id: (i % 50) + 1,
          content: `memo ${i}`,
          ...(placed && { location_placeholder: `p${i}`, location_latitude: (i % 170) - 85, location_longitude: (i % 350) - 175 }),
        };
      });
      await db.insertInto("memo").values(rows).execute();
    }
    await db.executeQuery(CompiledQuery.raw(big.ctx.store.engine === "postgres" ? "VACUUM ANALYZE" : "ANALYZE"));
  }, 120_000);
  afterAll(() => big.close());

  for (const [label, box] of [
    ["a box", { south: 40, west: -10, north: 60, east: 10 }],
    ["a box across the 180th meridian", { south: -40, west: 170, north: 0, east: -170 }],
    ["the world", { south: -90, west: -180, north: 90, east: 180 }],
  ] as const) {
    it(`reads ${label} from the places index, no scan of memo and no sort`, async () => {
      // Creator 1 has places; creator 7 none.
      for (const creatorId of [1, 7]) {
        const plan = await explainPlan(big.ctx.store, placesSql(big.ctx.store.db, { creatorId, rowStatus: "NORMAL" }, box, 1001));
        expect(plan, plan).toContain("idx_memo_creator_location");
        expect(plan, plan).not.toMatch(/Seq Scan on memo|SCAN m(?! USING)|Sort|TEMP B-TREE/);
      }
    });
  }
});
