import { describe, expect, it } from "vitest";
import { passkeyBlocker } from "./passkeyBlocker";

describe("passkeyBlocker", () => {
  it("says why an external URL cannot take passkeys", () => {
    expect(passkeyBlocker(undefined)).toBe("no-external-url");
    expect(passkeyBlocker("")).toBe("no-external-url");
    expect(passkeyBlocker("not a url")).toBe("no-external-url");
    expect(passkeyBlocker("https://192.168.1.5:5230")).toBe("ip-address");
    expect(passkeyBlocker("http://[::1]:5230")).toBe("ip-address");
    expect(passkeyBlocker("http://memos.example.com")).toBe("not-https");
  });

  it("lets a domain name over HTTPS, and localhost, take them", () => {
    expect(passkeyBlocker("https://memos.example.com")).toBeNull();
    expect(passkeyBlocker("https://memos.example.com/sub/")).toBeNull();
    expect(passkeyBlocker("http://localhost:5230")).toBeNull();
    expect(passkeyBlocker("http://memos.localhost")).toBeNull();
  });
});
