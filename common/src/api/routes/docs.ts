// The API's own description: the OpenAPI document and its reference page (Swagger UI, served by the server).
import { z } from "zod";
import { bare, file, route } from "../route.js";

export const docsRoutes = {
  "docs.openapi": route({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API as an OpenAPI 3.1 document",
    access: "public",
    answer: bare(z.looseObject({ openapi: z.string() }), "The OpenAPI 3.1 document"),
  }),
  "docs.page": route({
    method: "GET",
    path: "/api/docs",
    summary: "This reference, as an interactive HTML page",
    access: "public",
    answer: file("text/html", "Swagger UI, its assets served from /api/docs/", z.string()),
  }),
};
