import { describe, expect, it } from "vitest";
import { accessOfScope, matchesRegisteredRedirect, redirectDisplay, redirectUriProblem, scopeOfAccess } from "./oauth.js";

describe("which redirect URIs a client may register", () => {
  it.each([
    "https://claude.ai/api/mcp/auth_callback",
    "http://localhost:6274/oauth/callback",
    "http://127.0.0.1/callback",
    "http://[::1]:8080/cb",
    "cursor://anysphere.cursor-retrieval/oauth/callback",
    "com.example.app:/oauth2redirect",
  ])("takes %s", (uri) => expect(redirectUriProblem(uri)).toBeNull());

  it.each([
    ["http://example.com/cb", /loopback/],
    ["http://localhost.example.com/cb", /loopback/],
    ["https://app.example.com/cb#x", /fragment/],
    ["https://user:pw@app.example.com/cb", /credentials/],
    ["javascript:alert(1)", /javascript/],
    ["data:text/html,x", /data/],
    ["file:///etc/passwd", /file/],
    ["/relative", /not a URL/],
    [`https://app.example.com/${"a".repeat(2000)}`, /longer/],
  ])("refuses %s", (uri, problem) => expect(redirectUriProblem(uri)).toMatch(problem));
});

describe("whether a redirect URI is one the client registered", () => {
  const registered = ["http://127.0.0.1:3000/callback", "https://app.example.com/cb", "cursor://x/cb"];
  it.each<[string, boolean]>([
    ["https://app.example.com/cb", true],
    ["cursor://x/cb", true],
    ["http://127.0.0.1:51234/callback", true],
    ["http://127.0.0.1/callback", true],
    ["http://127.0.0.1:3000/callback?x=1", false],
    ["http://127.0.0.1:3000/other", false],
    ["http://localhost:3000/callback", false],
    ["https://app.example.com:8443/cb", false],
    ["https://app.example.com/cb/", false],
    ["cursor://x/cb2", false],
    // What registration refuses is refused here too, on any port: a fragment, credentials.
    ["http://127.0.0.1:51234/callback#frag", false],
    ["http://127.0.0.1:3000/callback#frag", false],
    ["http://127.0.0.1:3000/callback#", false],
    ["https://app.example.com/cb#x", false],
    ["http://user:pw@127.0.0.1:3000/callback", false],
    ["not a url", false],
  ])("%s: %s", (asked, matches) => expect(matchesRegisteredRedirect(asked, registered)).toBe(matches));

  it("refuses whatever registration refuses, even when the client's list holds it", () => {
    for (const uri of ["http://127.0.0.1:3000/cb#frag", "http://example.com/cb", "javascript:alert(1)"]) {
      expect(redirectUriProblem(uri), uri).not.toBeNull();
      expect(matchesRegisteredRedirect(uri, [uri]), uri).toBe(false);
    }
  });
});

describe("scopes", () => {
  it.each<[string | undefined, string]>([
    [undefined, "read-write"],
    ["", "read-write"],
    ["memos:read", "read"],
    ["memos:write", "read-write"],
    ["memos:read memos:write", "read-write"],
    ["memos:read offline_access", "read"],
    ["openid", "read-write"],
  ])("%s asks %s", (scope, access) => expect(accessOfScope(scope)).toBe(access));

  it("are written back as the token's scope", () => {
    expect(scopeOfAccess("read")).toBe("memos:read");
    expect(scopeOfAccess("read-write")).toBe("memos:read memos:write");
  });
});

it("shows where a code goes: the host, or the app's scheme", () => {
  expect(redirectDisplay("https://claude.ai/api/mcp/auth_callback")).toBe("claude.ai");
  expect(redirectDisplay("http://127.0.0.1:33418/callback")).toBe("127.0.0.1:33418");
  expect(redirectDisplay("cursor://anysphere.cursor-retrieval/oauth/callback")).toBe("cursor://anysphere.cursor-retrieval");
  expect(redirectDisplay("com.example.app:/oauth2redirect")).toBe("com.example.app:/oauth2redirect");
});
