// Per-request state: who the request acts for, resolved once by the access hook.
import type { FastifyRequest } from "fastify";
import type { Viewer } from "../context.js";

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export const viewerOf = (request: FastifyRequest): Viewer => request.viewer;

/**
 * Who asks, for what is shared out per caller (the turns of searches): a signed-in user by id, anyone else by
 * address (the client's behind a proxy with `--trust-proxy`; without it, everyone behind the proxy is one caller).
 */
export const callerOf = (request: FastifyRequest): string => (request.viewer ? `user:${request.viewer.id}` : `address:${request.ip}`);
