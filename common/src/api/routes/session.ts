// Where the caller is signed in: their browser sessions, and signing one or all others out. A session cookie only:
// a token or the open ID gets 403, for the list too (where and from which address someone signs in is theirs alone).
import { z } from "zod";
import { sessionEntitySchema } from "../schemas/session.js";
import { bare, data, route } from "../route.js";

export const sessionRoutes = {
  "session.list": route({
    method: "GET",
    path: "/api/auth/sessions",
    summary: "The caller's live sessions, the most recently active first; `current` marks this one",
    access: "session",
    answer: data(z.array(sessionEntitySchema)),
  }),
  "session.revoke": route({
    method: "DELETE",
    path: "/api/auth/sessions/:sessionId",
    summary: "Sign one of the caller's sessions out (its cookie stops working at once)",
    access: "session",
    params: z.object({ sessionId: z.string().describe("The session's public `id` from the list") }),
    answer: bare(z.literal(true)),
    errors: { 404: "No live session of the caller's has this id" },
  }),
  "session.revokeOthers": route({
    method: "POST",
    path: "/api/auth/sessions/revoke-others",
    summary: "Sign out every session of the caller's but this one",
    access: "session",
    answer: bare(z.literal(true)),
  }),
};
