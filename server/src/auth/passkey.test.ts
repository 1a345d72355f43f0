// The relying party of an instance: its external URL's host name and origin, or 409 when there is none to use.
import { describe, expect, it } from "vitest";
import { HttpError } from "../errors.js";
import { relyingParty } from "./passkey.js";

describe.each([
  ["https://memos.example.com", { id: "memos.example.com", origin: "https://memos.example.com" }],
  ["https://memos.example.com:8443/notes/", { id: "memos.example.com", origin: "https://memos.example.com:8443" }],
  ["  http://localhost:5230  ", { id: "localhost", origin: "http://localhost:5230" }],
])("the external URL %j", (url, expected) => {
  it("names the relying party", () => expect(relyingParty(url, "My memos")).toEqual({ ...expected, name: "My memos" }));
});

describe.each(["", "memos.example.com", "ftp://memos.example.com", "not a url"])("the external URL %j", (url) => {
  it("leaves passkeys unavailable (409 passkey.no-external-url)", () => {
    const error = (() => {
      try {
        relyingParty(url, "memos");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect([(error as HttpError).status, (error as HttpError).reason]).toEqual([409, "passkey.no-external-url"]);
  });
});

it("an instance without a name is memos to the browser", () => expect(relyingParty("https://m.example", "").name).toBe("memos"));
