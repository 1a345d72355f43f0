// The API describes itself: every registered route is in GET /api/openapi.json, which is a valid OpenAPI 3.1
// document, and GET /api/docs renders it from assets served here (no CDN).
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDescribedPath } from "../../src/http/openapi.js";
import { createTestApp, type TestApp } from "../harness.js";

/** Fastify's /api/memo/:memoId as OpenAPI's /api/memo/{memoId}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("OpenAPI document", () => {
  let t: TestApp;
  const routes: Array<{ method: string; url: string }> = [];
  beforeAll(async () => {
    t = await createTestApp({
      // Collects what buildApp registers, before it registers anything.
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    });
  });
  afterAll(() => t.close());

  it("is public and valid OpenAPI 3.1", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every route the server registers under /api, /o, /h and the feeds", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const described = routes.filter((route) => route.method !== "HEAD" && isDescribedPath(route.url));
    // The areas are all there, so the filter above did not leave out a whole prefix.
    const urls = new Set(described.map((route) => route.url));
    for (const url of ["/api/auth/signin", "/api/user/:id", "/api/memo", "/api/shortcut", "/api/resource/blob", "/api/tag", "/api/status",
      "/o/r/:resourceId/:filename", "/h/r/:resourceId/:filename", "/u/:id/rss.xml", "/explore/rss.xml", "/api/openapi.json", "/api/docs"]) {
      expect(urls, url).toContain(url);
    }
    const missing = described.filter((route) => document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] === undefined);
    expect(missing).toEqual([]);
    // Every /api route that is neither a Swagger UI asset nor described would be a route left undocumented.
    const undescribedApi = routes.filter((route) => route.url.startsWith("/api") && !isDescribedPath(route.url) && !route.url.startsWith("/api/docs/"));
    expect(undescribedApi).toEqual([]);
  });

  it("describes input, answers, the error envelope and both ways to sign in", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["bearer", "cookie", "openId"]);
    expect(document.components.securitySchemes.cookie).toMatchObject({ type: "apiKey", in: "cookie", name: "memos_session" });
    expect(document.components.securitySchemes.openId).toMatchObject({ type: "apiKey", in: "query", name: "openId" });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.schemas.Error.required).toEqual(["error", "message"]);

    const create = document.paths["/api/memo"].post;
    const body = create.requestBody.content["application/json"].schema;
    expect(body.required).toContain("content");
    expect(create.responses["200"].content["application/json"].schema.properties.data).toEqual({ $ref: "#/components/schemas/Memo" });
    expect(create.responses.default.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(create.security).toEqual([{ cookie: [] }, { bearer: [] }, { openId: [] }]);

    const list = document.paths["/api/memo"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["creatorId", "tag", "limit", "cursor"]));
    expect(list.security).toContainEqual({});

    const one = document.paths["/api/memo/{memoId}"].get;
    expect(one.parameters).toContainEqual(expect.objectContaining({ name: "memoId", in: "path", required: true }));
    expect(document.paths["/api/auth/signin"].post.security).toEqual([]);
    expect(document.paths["/u/{id}/rss.xml"].get.responses["200"].content).toHaveProperty(["application/xml"]);
  });

  it("serves the reference page and its assets from here, to visitors", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(page.headers["content-security-policy"]).not.toMatch(/upgrade-insecure-requests|https:/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source, "no asset from another origin").not.toMatch(/^(https?:)?\/\//);
      const asset = await t.app.inject({ method: "GET", url: new URL(source, "http://memos.test/api/docs/").pathname });
      expect(asset.statusCode, source).toBe(200);
    }
    const initializer = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    // The document comes from here (./json), and nothing else is fetched from another origin (a quoted URL).
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).not.toMatch(/["'`]https?:\/\//);
    const redirect = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(redirect.statusCode);
  });
});
