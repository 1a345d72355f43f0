// An import's reading (YAML, HTML, JSON, Markdown, the zip's directory) runs off the event loop, within bounds: a
// costly archive is imported into a listening server while /api/ping is timed over real HTTP, one ping after the
// other until the import answers.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { costlyFrontMatter } from "../import-fixtures.js";

/**
 * The 90th percentile of the latency a request sent at any moment of the import would see. A loop sends one ping
 * while the event loop is held and hundreds while it is free, so the plain percentile of its pings can hide a
 * server stuck most of the time (reading the archive on the main thread: 0.6 to 3 s here, with a plain p90 of a few
 * ms): here each ping weighs as long as it waited. Its bound leaves room for a busy machine's scheduling (~120 ms
 * seen with the whole suite running on two cores).
 */
function timeWeightedP90(sorted: number[]): number {
  const total = sorted.reduce((sum, latency) => sum + latency, 0);
  let waited = 0;
  for (const latency of sorted) {
    waited += latency;
    if (waited >= 0.9 * total) return latency;
  }
  return 0;
}

describe("POST /api/import: a costly archive does not hold other requests", () => {
  let t: TestApp;
  let host: TestUser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it("pings answer in under 100 ms (p90) while it is read, and the notes over the limits are its problems", async () => {
    const body = multipartBody("file", "archive.zip", "application/zip", costlyFrontMatter());
    let answered = false;
    const headers = { ...body.headers, cookie: host.client.cookie! };
    const importing = fetch(`${base}/api/import?dryRun=true`, { method: "POST", body: new Uint8Array(body.payload), headers })
      .then(async (response) => ({ status: response.status, body: await response.json() }))
      .finally(() => {
        answered = true;
      });
    const latencies: number[] = [];
    while (!answered) {
      const started = performance.now();
      const response = await fetch(`${base}/api/ping`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(response.status).toBe(200);
    }
    const imported = await importing;

    latencies.sort((a, b) => a - b);
    const seen = `${latencies.length} pings, the slowest ${latencies.at(-1)!.toFixed(0)} ms`;
    expect(latencies[Math.floor(0.9 * (latencies.length - 1))]!, `p90 of ${seen}`).toBeLessThan(100);
    expect(timeWeightedP90(latencies), `p90 over time of ${seen}`).toBeLessThan(250);
    expect(latencies.length).toBeGreaterThanOrEqual(10);

    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ kind: "markdown", dryRun: true, memos: 12, problemCount: 5 });
    const problems = [...imported.body.data.problems].sort((a, b) => a.file.localeCompare(b.file));
    expect(problems).toEqual([
      { file: "aliases.md", reason: expect.stringMatching(/^malformed front matter: Excessive alias count/) },
      { file: "duplicate.md", reason: 'malformed front matter: the key "a" appears twice' },
      { file: "too-deep.md", reason: "front matter nested deeper than 32 levels, the most an import reads" },
      { file: "too-long.md", reason: "front matter longer than 256 KiB, the most an import reads" },
      { file: "too-many-keys.md", reason: "front matter with more than 10000 keys, the most an import reads" },
    ]);
  });
});
