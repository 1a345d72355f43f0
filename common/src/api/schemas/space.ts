// Spaces (issue 47): shared collections of memos with members (routes/space.ts).
import { z } from "zod";
import { hasTooManySearchTerms, SEARCH_TERMS_REFUSAL } from "../../domain/memo-list.js";
import { MAX_SEARCH_TERMS } from "../../domain/search.js";
import { SPACE_MEMBER_ROLES, SPACE_ROLES } from "../../domain/spaces.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, queryInt, text, wholeIssue } from "../schema-parts.js";
import { bodyId, unixSeconds } from "../shared-schemas.js";

const spaceName = text(INPUT_LIMITS.spaceName).refine((name) => name.trim().length > 0, { message: "must not be empty" });

/** `POST /api/space` and `PATCH /api/space/:spaceId`: the space's name. */
export const spaceCreateSchema = z.object({ name: spaceName });
export type SpaceCreate = z.infer<typeof spaceCreateSchema>;

/** `DELETE /api/space/:spaceId?memos=`: what becomes of the space's memos, given back to their authors. */
export const spaceDeleteQuerySchema = z.object({
  memos: z
    .enum(["private", "trash"])
    .describe("`private`: each becomes its author's private memo; `trash`: each goes to its author's trash"),
});
export type SpaceDeleteQuery = z.infer<typeof spaceDeleteQuerySchema>;

/** `POST /api/space/:spaceId/member`: a member of the instance, by username, with a role. */
export const spaceMemberAddSchema = z.object({ username: text(INPUT_LIMITS.username), role: z.enum(SPACE_MEMBER_ROLES) });
export type SpaceMemberAdd = z.infer<typeof spaceMemberAddSchema>;

/** `PATCH /api/space/:spaceId/member/:userId`: the member's new role (the owner's changes by a transfer only). */
export const spaceMemberPatchSchema = z.object({ role: z.enum(SPACE_MEMBER_ROLES) });

/** `POST /api/space/:spaceId/transfer`: the member who becomes the owner (the owner becomes an editor). */
export const spaceTransferSchema = z.object({ userId: bodyId });

/** `POST /api/space/:spaceId/invitation`: a link that makes whoever opens it (signed in) a member with the role. */
export const spaceInvitationCreateSchema = z.object({ role: z.enum(SPACE_MEMBER_ROLES), expiresTs: optional(unixSeconds) });
export type SpaceInvitationCreate = z.infer<typeof spaceInvitationCreateSchema>;

/** `GET /api/space/:spaceId/memo`: the feed's filter and page (a memo list's, without what a feed has no use for). */
export const spaceMemoListQuerySchema = z.object({
  tag: optional(text(INPUT_LIMITS.tag)),
  search: optional(
    text(INPUT_LIMITS.searchText).superRefine((value, context) => {
      if (hasTooManySearchTerms(value))
        context.addIssue(wholeIssue(SEARCH_TERMS_REFUSAL, value, "search.too-many-terms", undefined, { maximum: MAX_SEARCH_TERMS }));
    }),
  ),
  limit: optional(queryInt(0)),
  /** Keyset paging: the `X-Next-Cursor` header of the previous page (opaque). */
  cursor: optional(z.string().max(200)),
});
export type SpaceMemoListQuery = z.infer<typeof spaceMemoListQuerySchema>;

// Answers.
export const spaceEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    createdTs: z.int(),
    role: z.enum(SPACE_ROLES).describe("The caller's role in the space"),
  })
  .meta({ id: "Space" });
export type Space = z.infer<typeof spaceEntitySchema>;

export const spaceMemberEntitySchema = z
  .object({
    userId: z.int(),
    username: z.string(),
    nickname: z.string(),
    role: z.enum(SPACE_ROLES),
    joinedTs: z.int(),
  })
  .meta({ id: "SpaceMember" });
export type SpaceMember = z.infer<typeof spaceMemberEntitySchema>;

export const spaceInvitationEntitySchema = z
  .object({
    id: z.int(),
    role: z.enum(SPACE_MEMBER_ROLES),
    createdTs: z.int(),
    expiresTs: z.int().nullable().describe("Unix seconds; null: never expires"),
  })
  .meta({ id: "SpaceInvitation" });
/** An invitation as the owner sees it (never its token, shown once). */
export type SpaceInvitation = z.infer<typeof spaceInvitationEntitySchema>;

export const createdSpaceInvitationEntitySchema = spaceInvitationEntitySchema
  .extend({
    token: z.string().describe("Shown in this answer only: the link is `/space-invitation/<token>`"),
    url: z.string().describe("The link's path on this instance"),
  })
  .meta({ id: "CreatedSpaceInvitation" });
export type CreatedSpaceInvitation = z.infer<typeof createdSpaceInvitationEntitySchema>;
