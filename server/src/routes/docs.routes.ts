// GET /api/openapi.json, the document @fastify/swagger builds from every route (http/openapi.ts); its reference
// page, GET /api/docs, is Swagger UI's.
import type { Handlers } from "../http/route-table.js";

export const docsHandlers = () =>
  ({
    "docs.openapi": async (request) => request.server.swagger() as unknown as { openapi: string },
    "docs.page": { servedBy: "Swagger UI, registered by http/openapi.ts" },
  }) satisfies Handlers<"docs">;
