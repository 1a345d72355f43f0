// Per-request state: who the request acts for, resolved once by the access hook.
import type { FastifyRequest } from "fastify";
import type { Viewer } from "../context.js";

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export const viewerOf = (request: FastifyRequest): Viewer => request.viewer;

/** Every success answer is wrapped like the wire: {"data": …}. */
export const ok = <T>(data: T) => ({ data });
