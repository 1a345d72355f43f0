import { describe, expect, it } from "vitest";
import { hasDotSegment, normalizedPath, RouteSpellings } from "./route-spelling.js";

describe("normalizedPath", () => {
  it.each([
    ["/api/user", "/api/user"],
    ["/%61pi/user?openId=x", "/api/user"],
    ["/%2561pi/user", "/api/user"],
    ["//api//user/", "/api/user"],
    ["/api%2Fuser", "/api/user"],
    ["/api\\user", "/api/user"],
    ["/./api/x/../user#top", "/api/user"],
    ["/%2e/api/user", "/api/user"],
    ["http://host:5230/api/user", "/api/user"],
    ["/API/User", "/API/User"],
    ["/", "/"],
    ["/%E0%A4%A", "/%E0%A4%A"],
  ])("%s is %s", (target, path) => expect(normalizedPath(target)).toBe(path));
});

describe("hasDotSegment", () => {
  it.each(["/api/user/.", "/o/r/1/..", "/o/r/1/%2e%2E", "/api/memo/1%2F..%2Fx", "/.?x", "/a\\..\\b"])("%s has one", (target) => {
    expect(hasDotSegment(target)).toBe(true);
  });
  it.each(["/api/user", "/o/r/1/photo.png", "/o/r/1/...", "/o/r/1/.hidden", "/api/memo?x=/../"])("%s has none", (target) => {
    expect(hasDotSegment(target)).toBe(false);
  });
});

describe("RouteSpellings", () => {
  const spellings = new RouteSpellings();
  for (const url of [
    "/",
    "/api/memo/:memoId",
    "/o/r/:resourceId/:filename",
    "/u/:id/rss.xml",
    "/api/docs/static/*",
    "/manifest.webmanifest",
  ]) {
    spellings.add(url);
  }

  it.each(["/U/1/RSS.xml", "/o/R/1/a.png", "//", "/Manifest.webmanifest", "/api/nothing/here", "/API", "/%6F/r/1/a.png", "/u//1/rss.xml"])(
    "%s spells a route",
    (target) => expect(spellings.spellsRoute(target)).toBe(true),
  );

  it.each(["/explore", "/m/1", "/u/1", "/u/1/rss.xmlx", "/apix/user", "/o/r/1"])("%s is the web app's", (target) => {
    expect(spellings.spellsRoute(target)).toBe(false);
  });
});
