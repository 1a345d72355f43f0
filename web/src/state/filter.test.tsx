import { act, cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { filterToParams, hasFilter, parseFilter, useFilter } from "./filter";

afterEach(cleanup);

const parse = (query: string) => parseFilter(new URLSearchParams(query));

describe("parseFilter", () => {
  it("reads every field", () => {
    expect(parse("tag=work&type=LINKED&text=hello&duration[from]=100&duration[to]=200&shortcutId=3&visibility=PUBLIC")).toEqual({
      tag: "work",
      type: "LINKED",
      text: "hello",
      duration: { from: 100, to: 200 },
      shortcutId: 3,
      visibility: "PUBLIC",
    });
  });

  it("reads the qs-encoded duration keys", () => {
    expect(parse("duration%5Bfrom%5D=1&duration%5Bto%5D=2").duration).toEqual({ from: 1, to: 2 });
  });

  it.each([
    ["duration[from]=100", "only from"],
    ["duration[to]=200", "only to"],
    ["duration[from]=&duration[to]=200", "empty from"],
    ["duration[from]=200&duration[to]=100", "from after to"],
    ["duration[from]=200&duration[to]=200", "from equal to"],
    ["duration[from]=-5&duration[to]=0", "to is 0"],
    ["duration[from]=a&duration[to]=200", "from not a number"],
  ])("drops the duration when %s (%s)", (query) => {
    expect(parse(query).duration).toBeUndefined();
  });

  it("keeps a duration starting at 0", () => {
    expect(parse("duration[from]=0&duration[to]=5").duration).toEqual({ from: 0, to: 5 });
  });

  it.each([["shortcutId=abc"], ["shortcutId="], ["shortcutId=1.5"], ["shortcutId=-2"], ["shortcutId=0"]])(
    "ignores a non-numeric or invalid shortcutId: %s",
    (query) => {
      expect(parse(query).shortcutId).toBeUndefined();
    },
  );

  it("converts shortcutId to a number", () => {
    expect(parse("shortcutId=42").shortcutId).toBe(42);
  });

  it("ignores unknown type and visibility values and empty strings", () => {
    expect(parse("type=IMAGED&visibility=SECRET&tag=&text=")).toEqual({});
  });
});

describe("filterToParams", () => {
  it("writes only valid fields", () => {
    const params = filterToParams({ tag: "a/b", duration: { from: 5, to: 1 }, shortcutId: 7 });
    expect(params.toString()).toBe("tag=a%2Fb&shortcutId=7");
  });

  it("round-trips", () => {
    const filter = {
      tag: "x",
      type: "NOT_TAGGED" as const,
      text: "t",
      duration: { from: 1, to: 9 },
      shortcutId: 2,
      visibility: "PRIVATE" as const,
    };
    expect(parseFilter(filterToParams(filter))).toEqual(filter);
  });

  it("keeps keys that are not the filter's", () => {
    expect(filterToParams({ tag: "b" }, new URLSearchParams("tag=a&page=2")).toString()).toBe("page=2&tag=b");
  });

  it("hasFilter", () => {
    expect(hasFilter({})).toBe(false);
    expect(hasFilter({ text: "x" })).toBe(true);
  });
});

describe("useFilter", () => {
  function setup(initial: string) {
    const seen: { current: ReturnType<typeof useFilter> | null } = { current: null };
    const identities = new Set<unknown>();
    // biome-ignore lint/correctness/noComponentHookFactories: each test renders its own probe, recording into its own variables
    function Probe() {
      const value = useFilter();
      seen.current = value;
      identities.add(value.update);
      identities.add(value.clear);
      return null;
    }
    const router = createMemoryRouter([{ path: "/", element: <Probe /> }], { initialEntries: [initial] });
    render(<RouterProvider router={router} />);
    return { seen: () => seen.current!, router, identities };
  }

  it("updates, merges two updates in one tick, and keeps update/clear stable", () => {
    const { seen, router, identities } = setup("/?tag=a&other=1");
    expect(seen().filter).toEqual({ tag: "a" });
    act(() => {
      seen().update({ text: "hi" });
      seen().update({ visibility: "PUBLIC" });
    });
    expect(seen().filter).toEqual({ tag: "a", text: "hi", visibility: "PUBLIC" });
    expect(router.state.location.search).toContain("other=1");
    act(() => seen().update({ tag: undefined }));
    expect(seen().filter).toEqual({ text: "hi", visibility: "PUBLIC" });
    expect(identities.size).toBe(2);
  });

  it("clear resets tag, type, duration, text, shortcutId and visibility", () => {
    const { seen } = setup("/?tag=a&type=LINKED&text=x&duration[from]=1&duration[to]=2&shortcutId=3&visibility=PUBLIC");
    expect(Object.keys(seen().filter)).toHaveLength(6);
    act(() => seen().clear());
    expect(seen().filter).toEqual({});
  });

  it("replace does not push a history entry", () => {
    const { seen, router } = setup("/");
    act(() => seen().update({ text: "a" }, { replace: true }));
    expect(router.state.historyAction).toBe("REPLACE");
    act(() => seen().update({ tag: "t" }));
    expect(router.state.historyAction).toBe("PUSH");
  });
});
