// Private share links: the author makes `/s/<token>` links to one memo; anyone holding one reads that memo and its
// files, and nothing else.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { memoEntitySchema } from "../schemas/memo.js";
import { createdMemoShareEntitySchema, memoShareCreateSchema, memoShareEntitySchema } from "../schemas/share.js";
import { bare, data, file, input, route } from "../route.js";

const memoParams = z.object({ memoId: pathId() });
const NOT_AUTHOR = { 404: "No such memo, or not the caller's (an admin too)" } as const;
const NO_LINK = { 404: "Unknown, revoked or expired link, or its memo is in the trash (one answer for all)" } as const;
const tokenParam = z.string().describe("The link's token, as in `/s/<token>`");

export const shareRoutes = {
  "share.list": route({
    method: "GET",
    path: "/api/memo/:memoId/share",
    summary: "The memo's live share links, newest first (never their tokens)",
    access: "signed-in",
    params: memoParams,
    answer: data(z.array(memoShareEntitySchema)),
    errors: NOT_AUTHOR,
  }),
  "share.create": route({
    method: "POST",
    path: "/api/memo/:memoId/share",
    summary: "Make a share link; the answer is the only time its token is shown",
    description:
      "Anyone with the link `/s/<token>` sees this one memo and its files, whatever its visibility, until the link expires or is revoked. Only the SHA-256 of the token is stored. A link keeps working when the memo's visibility changes; while the memo is in the trash its links answer 404, a restore brings the unexpired ones back, and a purge deletes them.",
    access: "signed-in",
    params: memoParams,
    body: input(memoShareCreateSchema, "Malformatted post memo share request"),
    answer: data(createdMemoShareEntitySchema),
    errors: NOT_AUTHOR,
  }),
  "share.revoke": route({
    method: "DELETE",
    path: "/api/memo/:memoId/share/:shareId",
    summary: "Revoke a share link (it answers 404 at once)",
    access: "signed-in",
    params: z.object({ memoId: pathId(), shareId: pathId("Share link ID") }),
    answer: bare(z.literal(true)),
    errors: { 404: "No such memo of the caller's, or no such link of it" },
  }),
  "share.open": route({
    method: "GET",
    path: "/api/share/:token",
    summary: "The shared memo, with its files (public: the token is the only key; sent with X-Robots-Tag: noindex)",
    access: "anonymous",
    params: z.object({ token: tokenParam }),
    answer: data(memoEntitySchema),
    errors: NO_LINK,
  }),
  "share.file": route({
    method: "GET",
    path: "/api/share/:token/resource/:resourceId",
    summary: "A file of the shared memo (only one linked to it)",
    access: "anonymous",
    params: z.object({ token: tokenParam, resourceId: pathId() }),
    answer: file("application/octet-stream", "The file, with its stored type (Range requests are honoured)"),
    errors: NO_LINK,
  }),
};
