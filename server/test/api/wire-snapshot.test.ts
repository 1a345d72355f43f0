// Every route's answers, recorded along one scripted journey (wire-journey.ts), equal the committed snapshot on
// each engine: the wire contract cannot drift unnoticed, and both engines answer the same input the same way.
// Every error among them carries a known reason (error-reason.ts).
// After an intended change: MEMOS_UPDATE_WIRE_SNAPSHOT=1 npx vitest run --project server-api:sqlite
// server/test/api/wire-snapshot.test.ts, then read the diff of wire-snapshot.json before committing it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../harness.js";
import { reasonProblem } from "../error-reason.js";
import { type Recorded, runWireJourney } from "../wire-journey.js";

const SNAPSHOT = join(dirname(fileURLToPath(import.meta.url)), "..", "wire-snapshot.json");

let t: TestApp;
let recorded: Recorded[];
beforeAll(async () => {
  // No response cache: a kept answer must be byte-identical anyway, and this checks the routes themselves.
  t = await createTestApp({ responseCache: false });
  recorded = await runWireJourney(t);
});
afterAll(() => t.close());

it("every answer of the journey is the recorded one", () => {
  if (process.env.MEMOS_UPDATE_WIRE_SNAPSHOT === "1" || !existsSync(SNAPSHOT)) {
    writeFileSync(SNAPSHOT, `${JSON.stringify(recorded, null, 2)}\n`);
  }
  const expected = JSON.parse(readFileSync(SNAPSHOT, "utf8")) as typeof recorded;
  expect(recorded.map((entry) => entry.step)).toEqual(expected.map((entry) => entry.step));
  for (const [index, entry] of recorded.entries()) expect(entry, entry.step).toEqual(expected[index]);
});

it("every error of the journey carries a known reason of its status", () => {
  const errors = recorded.filter((entry) => entry.status >= 400);
  expect(errors.length).toBeGreaterThan(40);
  expect(errors.map((entry) => reasonProblem(entry.status, entry.body)).filter((problem) => problem !== null)).toEqual([]);
});
