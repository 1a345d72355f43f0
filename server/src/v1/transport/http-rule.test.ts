// Path templates of google.api.http options as Fastify routes, and back to the request's field values.
import { describe, expect, it } from "vitest";
import { MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import { parseTemplate, restBindingOf, variableValue } from "./http-rule.js";

describe("restBindingOf", () => {
  it("reads the verb, the route and the body field of an RPC's option", () => {
    const binding = restBindingOf(MemoService.method.updateMemo)!;
    expect(binding).toMatchObject({ verb: "PATCH", template: "/api/v1/{memo.name=memos/*}", url: "/api/v1/memos/:p0", body: "memo" });
    expect(variableValue(binding.variables[0]!, { p0: "abc" })).toBe("memos/abc");
    expect(restBindingOf(MemoService.method.listMemos)).toMatchObject({ verb: "GET", url: "/api/v1/memos", variables: [], body: "" });
  });
});

describe("parseTemplate", () => {
  it("leaves a custom verb after a variable to the route's last value, and makes one after a literal part of the route", () => {
    expect(parseTemplate("/api/v1/{name=users/*}:getStats")).toMatchObject({
      url: "/api/v1/users/:p0",
      customVerb: "getStats",
      verbParam: "p0",
    });
    expect(parseTemplate("/api/v1/{name=users/*/webhooks/*}:getSigningSecret")).toMatchObject({
      url: "/api/v1/users/:p0/webhooks/:p1",
      verbParam: "p1",
    });
    expect(parseTemplate("/api/v1/users:stats")).toEqual({ url: "/api/v1/users::stats", variables: [], customVerb: "", verbParam: "" });
    expect(parseTemplate("/api/v1/memos/-/linkMetadata:batchGet").url).toBe("/api/v1/memos/-/linkMetadata::batchGet");
  });

  it("refuses what it cannot route", () => {
    expect(() => parseTemplate("/api/v1/{name=files/**}")).toThrow(/\*\*/);
    expect(() => parseTemplate("/api/v1/a:b/{name=c/*}")).toThrow(/colon/);
  });
});
