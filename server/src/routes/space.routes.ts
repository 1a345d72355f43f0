// /api/space: spaces, their feed, members and invitation links; /api/space-invitation/:token: joining by a link.
import { NEXT_CURSOR_HEADER } from "@memos/common";
import type { AppContext } from "../context.js";
import { callerOf, viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { spaceMemos } from "../services/memo.service.js";
import {
  addMember,
  createInvitation,
  createSpace,
  deleteSpace,
  getSpace,
  joinSpace,
  leaveSpace,
  listInvitations,
  listMembers,
  listSpaces,
  removeMember,
  renameSpace,
  revokeInvitation,
  setMemberRole,
  transferSpace,
} from "../services/space.service.js";

export const spaceHandlers = (ctx: AppContext) =>
  ({
    "space.list": async (request) => listSpaces(ctx, viewerOf(request)),
    "space.create": async (request) => createSpace(ctx, viewerOf(request), request.body),
    "space.get": async (request) => getSpace(ctx, viewerOf(request), request.params.spaceId),
    "space.rename": async (request) => renameSpace(ctx, viewerOf(request), request.params.spaceId, request.body),
    "space.delete": async (request) => {
      await deleteSpace(ctx, viewerOf(request), request.params.spaceId, request.query);
      return true as const;
    },
    "space.transfer": async (request) => transferSpace(ctx, viewerOf(request), request.params.spaceId, request.body.userId),
    "space.memos": async (request, reply) => {
      const result = await spaceMemos(ctx, viewerOf(request), request.params.spaceId, request.query, callerOf(request));
      if (result.nextCursor !== undefined) reply.header(NEXT_CURSOR_HEADER, result.nextCursor);
      return result.memos;
    },
    "space.members": async (request) => listMembers(ctx, viewerOf(request), request.params.spaceId),
    "space.addMember": async (request) => addMember(ctx, viewerOf(request), request.params.spaceId, request.body),
    "space.setRole": async (request) =>
      setMemberRole(ctx, viewerOf(request), request.params.spaceId, request.params.userId, request.body.role),
    "space.removeMember": async (request) => {
      await removeMember(ctx, viewerOf(request), request.params.spaceId, request.params.userId);
      return true as const;
    },
    "space.leave": async (request) => {
      await leaveSpace(ctx, viewerOf(request), request.params.spaceId);
      return true as const;
    },
    "space.invitations": async (request) => listInvitations(ctx, viewerOf(request), request.params.spaceId),
    "space.invite": async (request) => createInvitation(ctx, viewerOf(request), request.params.spaceId, request.body),
    "space.revokeInvitation": async (request) => {
      await revokeInvitation(ctx, viewerOf(request), request.params.spaceId, request.params.invitationId);
      return true as const;
    },
    "space.join": async (request) => joinSpace(ctx, viewerOf(request), request.params.token),
  }) satisfies Handlers<"space">;
