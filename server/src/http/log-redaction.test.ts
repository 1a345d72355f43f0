import { describe, expect, it } from "vitest";
import Fastify from "fastify";
import { loggerOptions, redactSecrets } from "./log-redaction.js";

describe("redactSecrets", () => {
  it.each([
    ["/api/memo?openId=abc&limit=1", "/api/memo?openId=[redacted]&limit=1"],
    ["/x?limit=1&access_token=abc", "/x?limit=1&access_token=[redacted]"],
    [
      "/x?api_key=a&apiKey=b&key=c&secret=d&password=e&code=f&sig=g&id_token=h",
      "/x?api_key=[redacted]&apiKey=[redacted]&key=[redacted]&secret=[redacted]&password=[redacted]&code=[redacted]&sig=[redacted]&id_token=[redacted]",
    ],
    [
      "/auth/oidc/callback?code=c&state=s&iss=https%3A%2F%2Fid",
      "/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid",
    ],
    ["/x?open%49d=abc", "/x?open%49d=[redacted]"],
    ["/x?openId=", "/x?openId="],
    ["'/api/memo?openId=abc' is not a valid url component", "'/api/memo?openId=[redacted]' is not a valid url component"],
    ["https://user:pass@example.com/hook?token=t", "https://[redacted]@example.com/hook?token=[redacted]"],
    ["also uses postgres://memos:pa55@db:5432/memos", "also uses postgres://[redacted]@db:5432/memos"],
    ["Authorization: Bearer memos_pat_abc", "Authorization: Bearer [redacted]"],
    ["memos_session=abc; theme=dark", "memos_session=[redacted]; theme=dark"],
    ["memos_refresh=abc; memos_session=def", "memos_refresh=[redacted]; memos_session=[redacted]"],
    ["token memos_sat_1.pUbl1c.1700000000.m4c refused", "token [redacted] refused"],
    ["/api/memo?tag=work&limit=10", "/api/memo?tag=work&limit=10"],
    ["/s/Zm9vYmFy_-x", "/s/[redacted]"],
    ["GET /s/Zm9vYmFy?x=1 404", "GET /s/[redacted]?x=1 404"],
    ["/api/share/Zm9vYmFy", "/api/share/[redacted]"],
    ["/api/share/Zm9vYmFy/resource/12", "/api/share/[redacted]/resource/12"],
    ["/api/memo/12/share/3", "/api/memo/12/share/3"],
    ["POST /api/space-invitation/Zm9vYmFy 200", "POST /api/space-invitation/[redacted] 200"],
    ["/api/space/3/invitation/4", "/api/space/3/invitation/4"],
    ["/api/v1/shares/Zm9vYmFy/memo", "/api/v1/shares/[redacted]/memo"],
    ["DELETE /api/v1/memos/abc/shares/Zm9vYmFy 200", "DELETE /api/v1/memos/abc/shares/[redacted] 200"],
    ["otpauth://totp/memos:ann?secret=JBSWY3DP&issuer=memos", "otpauth://totp/memos:ann?secret=[redacted]&issuer=memos"],
  ])("%s", (text, redacted) => expect(redactSecrets(text)).toBe(redacted));
});

describe("loggerOptions", () => {
  it("redacts what a line carries: the message, its arguments, nested headers, an error's message and fields", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions("trace", { write: (line) => void lines.push(line) }) });
    const error = Object.assign(new Error("GET /api/memo?openId=0pen1d failed"), { code: "E_TEST", token: "t0ken" });
    app.log.info({ busboyOptions: { headers: { cookie: "memos_session=c00kie", authorization: "Bearer b3arer", host: "h" } } }, "options");
    app.log.warn({ url: "/x?openId=0pen1d", status: 500 }, "request to %s", "/y?token=t0ken");
    app.log.error({ err: error }, "failed");
    app.log.info({ body: { recoveryCodes: ["rec0v-ery00"], recovery_code: "rec0v-ery01", secret: "s3cret" } }, "two-factor");
    await app.close();
    const log = lines.join("");
    for (const secret of ["0pen1d", "c00kie", "b3arer", "t0ken", "rec0v-ery00", "rec0v-ery01", "s3cret"]) expect(log).not.toContain(secret);
    expect(log).toContain('"host":"h"');
    expect(log).toContain('"code":"E_TEST"');
    expect(log).toContain("request to /y?token=[redacted]");
    expect(log).toContain('"status":500');
  });
});
