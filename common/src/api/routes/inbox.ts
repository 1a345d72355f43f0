// The inbox: mentions of the caller, reactions and comments on their memos.
import { z } from "zod";
import { inboxPageEntitySchema, inboxQuerySchema, inboxReadSchema } from "../schemas/inbox.js";
import { data, input, route } from "../route.js";

export const inboxRoutes = {
  "inbox.list": route({
    method: "GET",
    path: "/api/inbox",
    summary: "What happened to the caller's memos and where they were named, newest first",
    description:
      "A mention (only when the caller may read the memo), a reaction or a comment on one of the caller's memos. Each item is judged again when read: a memo the caller may no longer see, or in the trash, is left out.",
    access: "signed-in",
    query: input(inboxQuerySchema, "Malformatted inbox query"),
    answer: data(inboxPageEntitySchema),
  }),
  "inbox.read": route({
    method: "POST",
    path: "/api/inbox/read",
    summary: "Mark items read: `{ids}` or `{all: true}`",
    access: "signed-in",
    body: input(inboxReadSchema, "Malformatted inbox read request"),
    answer: data(z.object({ unread: z.int() })),
  }),
};
