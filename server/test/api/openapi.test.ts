// The API describes itself: GET /api/openapi.json is a valid OpenAPI 3.1 document whose operations are exactly
// the route table's entries, each with its area's tag, the security of its access and its documented errors, and
// GET /api/docs renders it from assets served here (no CDN).
import { Validator } from "@seriousme/openapi-schema-validator";
import { areaOf, documentedErrors, ERROR_REASON_NAMES, ROUTES, type RouteEntry, type RouteName } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPathOf } from "../../src/v1/openapi.js";
import { V1_SERVICES } from "../../src/v1/rpcs/index.js";
import { restRouteGroups } from "../../src/v1/transport/rest.js";
import { SSE_PATH } from "../../src/v1/transport/sse.js";
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

  it("has one operation per entry of the route table, and no other", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const table = Object.values(ROUTES).map((entry) => `${entry.method} ${openApiPath(entry.path)}`);
    const v1 = [
      ...restRouteGroups(V1_SERVICES).flatMap((group) =>
        group.routes.map((route) => `${route.binding.verb} ${openApiPathOf(route.binding).path}`),
      ),
      `GET ${SSE_PATH}`,
    ];
    expect(v1.length).toBeGreaterThan(30);
    expect(operations.sort()).toEqual([...table, ...v1].sort());
    // What the document describes is what is registered: every operation is a route the server has (a v1 call
    // by its REST route: /api/v1/memos/{memo} is /api/v1/memos/:p0).
    const registered = new Set(routes.map((route) => `${route.method} ${openApiPath(route.url)}`));
    const v1Registered = new Set(v1);
    for (const group of restRouteGroups(V1_SERVICES)) expect(registered, group.url).toContain(`${group.verb} ${openApiPath(group.url)}`);
    expect(operations.filter((operation) => !registered.has(operation) && !v1Registered.has(operation))).toEqual([]);
  });

  it("describes each v1 call as grpc-gateway serves it: path parameters, query, body, answer and error", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const list = document.paths["/api/v1/memos"].get;
    expect(list.tags).toEqual(["memos.api.v1.MemoService"]);
    expect(list.security).toContainEqual({});
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["pageSize", "pageToken", "filter", "state"]),
    );
    expect(list.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/memos.api.v1.ListMemosResponse",
    });
    expect(list.responses.default.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/google.rpc.Status" });

    const update = document.paths["/api/v1/memos/{memo}"].patch;
    expect(update.parameters).toContainEqual(expect.objectContaining({ name: "memo", in: "path", required: true }));
    expect(update.parameters).toContainEqual(
      expect.objectContaining({ name: "updateMask", in: "query", schema: expect.objectContaining({ type: "string" }) }),
    );
    expect(update.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/memos.api.v1.Memo" });
    expect(update.security).toEqual([{ cookie: [] }, { bearer: [] }]);

    const memo = document.components.schemas["memos.api.v1.Memo"];
    expect(memo.properties.createTime).toEqual({ type: "string", format: "date-time" });
    expect(memo.properties.visibility).toEqual({ $ref: "#/components/schemas/memos.api.v1.Visibility" });
    expect(document.components.schemas["memos.api.v1.Visibility"].enum).toContain("PUBLIC");
    expect(document.tags.map((tag: { name: string }) => tag.name)).toContain("memos.api.v1.MemoService");
  });

  it("gives each operation its entry's tag, summary, security and documented errors", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const signedIn = [{ cookie: [] }, { bearer: [] }, { openId: [] }];
    const security = {
      anonymous: [],
      public: [{}, ...signedIn],
      "signed-in": signedIn,
      session: [{ cookie: [] }],
      token: [{ bearer: [] }],
    };
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const entry: RouteEntry = ROUTES[name];
      const operation = document.paths[openApiPath(entry.path)][entry.method.toLowerCase()];
      expect(operation.tags, name).toEqual([areaOf(name)]);
      expect(operation.summary, name).toBe(entry.summary);
      expect(operation.security, name).toEqual(security[entry.access]);
      // The single sign-on flow's routes redirect the browser (302) instead of answering.
      const success = entry.answer.kind === "redirect" ? "302" : "200";
      expect(Object.keys(operation.responses).sort(), name).toEqual([success, ...Object.keys(documentedErrors(entry)), "default"].sort());
      const pathParams = (operation.parameters ?? []).filter((parameter: { in: string }) => parameter.in === "path");
      expect(pathParams.map((parameter: { name: string }) => parameter.name).sort(), name).toEqual(
        Object.keys(entry.params?.shape ?? {}).sort(),
      );
    }
  });

  it("describes input, answers, the error envelope and both ways to sign in", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["bearer", "cookie", "openId"]);
    expect(document.components.securitySchemes.cookie).toMatchObject({ type: "apiKey", in: "cookie", name: "memos_session" });
    expect(document.components.securitySchemes.openId).toMatchObject({ type: "apiKey", in: "query", name: "openId" });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    // Named schemas in name order, whatever order their modules load in (the same contract, the same bytes).
    const names = Object.keys(document.components.schemas);
    expect(names.length).toBeGreaterThan(50);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const error = document.components.schemas.Error;
    expect(error.required).toEqual(["error", "message", "reason"]);
    expect(Object.keys(error.properties)).toEqual(["error", "message", "reason", "field", "params"]);
    expect(error.properties.reason.enum).toEqual(ERROR_REASON_NAMES);
    expect(Object.keys(error.properties.reason["x-enumDescriptions"])).toEqual(ERROR_REASON_NAMES);

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
