// Spaces (issue 47): shared collections with members. A member reads the space's feed (every member's memos, newest
// first); its owner and editors post to it (POST /api/memo with `spaceId`); its owner manages it. To anyone else a
// space answers as one that does not exist (404), and its memos as others' private memos.
import { z } from "zod";
import { NEXT_CURSOR_HEADER } from "../../domain/constants.js";
import { pathId } from "../schema-parts.js";
import { memoEntitySchema } from "../schemas/memo.js";
import {
  createdSpaceInvitationEntitySchema,
  spaceCreateSchema,
  spaceDeleteQuerySchema,
  spaceEntitySchema,
  spaceInvitationCreateSchema,
  spaceInvitationEntitySchema,
  spaceMemberAddSchema,
  spaceMemberEntitySchema,
  spaceMemberPatchSchema,
  spaceMemoListQuerySchema,
  spaceTransferSchema,
} from "../schemas/space.js";
import { bare, data, input, route } from "../route.js";

const spaceParams = z.object({ spaceId: pathId("Space ID") });
const memberParams = z.object({ spaceId: pathId("Space ID"), userId: pathId("User ID") });
const NOT_MEMBER = { 404: "No such space, or the caller is not a member of it (one answer for both)" } as const;
const OWNER_ONLY = { ...NOT_MEMBER, 403: "A member who is not the space's owner" } as const;

export const spaceRoutes = {
  "space.list": route({
    method: "GET",
    path: "/api/space",
    summary: "The caller's spaces, by name, each with the caller's role in it",
    access: "signed-in",
    answer: data(z.array(spaceEntitySchema)),
  }),
  "space.create": route({
    method: "POST",
    path: "/api/space",
    summary: "Make a space; the caller is its owner",
    access: "signed-in",
    body: input(spaceCreateSchema, "Malformatted post space request"),
    answer: data(spaceEntitySchema),
  }),
  "space.get": route({
    method: "GET",
    path: "/api/space/:spaceId",
    summary: "One of the caller's spaces",
    access: "signed-in",
    params: spaceParams,
    answer: data(spaceEntitySchema),
    errors: NOT_MEMBER,
  }),
  "space.rename": route({
    method: "PATCH",
    path: "/api/space/:spaceId",
    summary: "Rename the space (its owner)",
    access: "signed-in",
    params: spaceParams,
    body: input(spaceCreateSchema, "Malformatted patch space request"),
    answer: data(spaceEntitySchema),
    errors: OWNER_ONLY,
  }),
  "space.delete": route({
    method: "DELETE",
    path: "/api/space/:spaceId",
    summary: "Delete the space (its owner); its memos go back to their authors, as private memos or to their trash",
    description:
      "No memo is lost: with `memos=private` each memo of the space becomes its author's private memo, with `memos=trash` each goes to its author's trash (restorable until the host's retention purges it). The members, the invitations and the space are deleted.",
    access: "signed-in",
    params: spaceParams,
    query: input(spaceDeleteQuerySchema, "Malformatted delete space query"),
    answer: bare(z.literal(true)),
    errors: OWNER_ONLY,
  }),
  "space.transfer": route({
    method: "POST",
    path: "/api/space/:spaceId/transfer",
    summary: "Make another member the owner (the owner); the former owner stays as an editor",
    access: "signed-in",
    params: spaceParams,
    body: input(spaceTransferSchema, "Malformatted transfer space request"),
    answer: data(spaceEntitySchema),
    errors: { ...OWNER_ONLY, 400: "`userId` is not a member of the space" },
  }),
  "space.memos": route({
    method: "GET",
    path: "/api/space/:spaceId/memo",
    summary: "The space's feed: every member's memos in it, newest first (a member)",
    access: "signed-in",
    params: spaceParams,
    query: input(spaceMemoListQuerySchema, "Malformatted space memo list query"),
    answer: data(
      z.array(memoEntitySchema),
      `A page of memos; when more follow, the \`${NEXT_CURSOR_HEADER}\` header holds the \`cursor\` of the next page.`,
    ),
    errors: { ...NOT_MEMBER, 400: "A bad query value, cursor, or a search past its time budget" },
  }),
  "space.members": route({
    method: "GET",
    path: "/api/space/:spaceId/member",
    summary: "The space's members, the owner first (a member)",
    access: "signed-in",
    params: spaceParams,
    answer: data(z.array(spaceMemberEntitySchema)),
    errors: NOT_MEMBER,
  }),
  "space.addMember": route({
    method: "POST",
    path: "/api/space/:spaceId/member",
    summary: "Add a member of the instance by username, as an editor or a reader (the owner); a member already keeps their role",
    access: "signed-in",
    params: spaceParams,
    body: input(spaceMemberAddSchema, "Malformatted post space member request"),
    answer: data(z.array(spaceMemberEntitySchema)),
    errors: { ...OWNER_ONLY, 404: "No such space of the caller's, or no active account of that username" },
  }),
  "space.setRole": route({
    method: "PATCH",
    path: "/api/space/:spaceId/member/:userId",
    summary: "Change a member's role (the owner; not the owner's own)",
    access: "signed-in",
    params: memberParams,
    body: input(spaceMemberPatchSchema, "Malformatted patch space member request"),
    answer: data(z.array(spaceMemberEntitySchema)),
    errors: { ...OWNER_ONLY, 409: "The owner's own membership" },
  }),
  "space.removeMember": route({
    method: "DELETE",
    path: "/api/space/:spaceId/member/:userId",
    summary: "Remove a member (the owner); their memos in the space become their private memos again",
    access: "signed-in",
    params: memberParams,
    answer: bare(z.literal(true)),
    errors: { ...OWNER_ONLY, 409: "The owner's own membership" },
  }),
  "space.leave": route({
    method: "POST",
    path: "/api/space/:spaceId/leave",
    summary: "Leave the space (any member but the owner); one's memos in it become one's private memos again",
    access: "signed-in",
    params: spaceParams,
    answer: bare(z.literal(true)),
    errors: { ...NOT_MEMBER, 409: "The owner, who transfers the space or deletes it instead" },
  }),
  "space.invitations": route({
    method: "GET",
    path: "/api/space/:spaceId/invitation",
    summary: "The space's live invitation links, newest first, never their tokens (the owner)",
    access: "signed-in",
    params: spaceParams,
    answer: data(z.array(spaceInvitationEntitySchema)),
    errors: OWNER_ONLY,
  }),
  "space.invite": route({
    method: "POST",
    path: "/api/space/:spaceId/invitation",
    summary: "Make an invitation link (the owner); the answer is the only time its token is shown",
    description:
      "Any signed-in member of the instance who opens the link joins the space with the link's role, until it expires or is revoked. Only the SHA-256 of the token is stored.",
    access: "signed-in",
    params: spaceParams,
    body: input(spaceInvitationCreateSchema, "Malformatted post space invitation request"),
    answer: data(createdSpaceInvitationEntitySchema),
    errors: OWNER_ONLY,
  }),
  "space.revokeInvitation": route({
    method: "DELETE",
    path: "/api/space/:spaceId/invitation/:invitationId",
    summary: "Revoke an invitation link (the owner); it answers 404 at once",
    access: "signed-in",
    params: z.object({ spaceId: pathId("Space ID"), invitationId: pathId("Invitation ID") }),
    answer: bare(z.literal(true)),
    errors: { ...OWNER_ONLY, 404: "No such space of the caller's, or no such invitation of it" },
  }),
  "space.join": route({
    method: "POST",
    path: "/api/space-invitation/:token",
    summary: "Join the space an invitation link names, with its role (a member already keeps theirs)",
    access: "signed-in",
    params: z.object({ token: z.string().max(100).describe("The link's token, as in `/space-invitation/<token>`") }),
    answer: data(spaceEntitySchema),
    errors: { 404: "Unknown, revoked or expired link (one answer for all)" },
  }),
};
