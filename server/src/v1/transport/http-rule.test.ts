// Path templates of google.api.http options as Fastify routes, and back to the request's field values.
import { describe, expect, it } from "vitest";
import { MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import { restBindingOf, variableValue } from "./http-rule.js";

describe("restBindingOf", () => {
  it("reads the verb, the route and the body field of an RPC's option", () => {
    const binding = restBindingOf(MemoService.method.updateMemo)!;
    expect(binding).toMatchObject({ verb: "PATCH", template: "/api/v1/{memo.name=memos/*}", url: "/api/v1/memos/:p0", body: "memo" });
    expect(variableValue(binding.variables[0]!, { p0: "abc" })).toBe("memos/abc");
    expect(restBindingOf(MemoService.method.listMemos)).toMatchObject({ verb: "GET", url: "/api/v1/memos", variables: [], body: "" });
  });
});
