// /api/memo/:memoId/share (the author's links) and /api/share/:token (what a link opens). The share answers are
// `noindex`: a search engine that finds a link must not list the memo.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { noSniff, sendUploadedFile } from "../http/send-file.js";
import { createMemoShare, listMemoShares, openSharedFile, openSharedMemo, revokeMemoShare } from "../services/share.service.js";

const noIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header("X-Robots-Tag", "noindex, nofollow").header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
};

export const shareHandlers = (ctx: AppContext) =>
  ({
    "share.list": async (request) => listMemoShares(ctx, viewerOf(request), request.params.memoId),
    "share.create": async (request) => createMemoShare(ctx, viewerOf(request), request.params.memoId, request.body),
    "share.revoke": async (request) => {
      await revokeMemoShare(ctx, viewerOf(request), request.params.memoId, request.params.shareId);
      return true as const;
    },
    "share.open": { onRequest: noIndex, handler: async (request) => openSharedMemo(ctx, request.params.token) },
    "share.file": {
      onRequest: async (request, reply) => {
        await noIndex(request, reply);
        await noSniff(request, reply);
      },
      handler: async (request, reply) => {
        const { resource, bytes } = await openSharedFile(ctx, request.params.token, request.params.resourceId);
        const { id, created_ts: createdTs, filename, type } = resource;
        return sendUploadedFile(request, reply, { id, createdTs, filename, type, size: bytes.size, read: (range) => bytes.read(range) });
      },
    },
  }) satisfies Handlers<"share">;
