// Every route of the table that takes an uploaded form (a resource's file, an archive to import) reads it the
// same way (http/form-upload.ts): anything but a form, a form without `file` and a broken form are 400s with the
// route's own messages, a NUL in the file's name is the input guard's 400, and a file over the upload limit is 413.
import { type FormMessages, ROUTES, type RouteEntry, type RouteName } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { multipartBody, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

const FORM_ROUTES = (Object.entries(ROUTES) as [RouteName, RouteEntry][]).flatMap(([name, entry]) =>
  entry.body?.kind === "form" ? [{ name, url: entry.path, messages: entry.body.messages as FormMessages }] : [],
);

let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await createTestApp({ maxUploadMb: 1 });
  host = await signUpHost(t);
});
afterAll(() => t.close());

describe.each(FORM_ROUTES)("$name reads its form as every upload route does", ({ url, messages }) => {
  it("refuses anything but a form with the route's message", async () => {
    expectError(await host.client.post(url, { file: "x" }), 400, messages.notForm);
  });

  it("refuses a form without a `file`", async () => {
    const body = multipartBody("other", "a.zip", "application/zip", Buffer.from("PK"));
    expectError(await host.client.post(url, body.payload, { headers: body.headers }), 400, messages.noFile);
  });

  it("refuses a broken form", async () => {
    const headers = { "content-type": "multipart/form-data; boundary=abc" };
    const payload = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK';
    const response = await host.client.post(url, payload, { headers });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(messages.malformed);
  });

  it("refuses a NUL in the file's name, naming it", async () => {
    const body = multipartBody("file", "a\u0000.zip", "application/zip", Buffer.from("PK"));
    expectError(
      await host.client.post(url, body.payload, { headers: body.headers }),
      400,
      "Malformatted request: filename must not contain NUL characters",
    );
  });

  it("answers 413 past the upload limit", async () => {
    const body = multipartBody("file", "big.zip", "application/zip", Buffer.alloc(1024 * 1024 + 1, 1));
    expectError(await host.client.post(url, body.payload, { headers: body.headers }), 413, "Upload file overload max size");
  });
});

it("covers both upload routes", () => {
  expect(FORM_ROUTES.map((route) => route.name).sort()).toEqual(["import.archive", "resource.upload"]);
});
