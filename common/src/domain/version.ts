// Two versions, for two readers. Our own names this server's releases: people see it in About, and the MCP
// handshake, the OpenAPI document, exports and the webhook's User-Agent carry it. The other is the memos version
// whose wire a client speaks: memos' v0 clients read `profile.version` of /api/status (and /api/ping) and gate
// features on it, so those answers keep saying the version whose API we serve (README, "Versions").

/** This server's own version; the root package.json says the same (scripts/version.test.ts). */
export const SERVER_VERSION = "1.0.0";

/** The memos release whose v0 API we speak: what v0 clients read as the server's version. */
export const V0_API_VERSION = "0.10.2";
