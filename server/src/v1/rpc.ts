// The one declaration of a v1 RPC: who may call it and its implementation, next to the .proto's method (whose
// google.api.http option is its REST mapping). Both transports (transport/connect.ts, transport/rest.ts) are
// derived from these declarations, so an RPC is added once: a method in server/proto, `npm run proto`, an entry here.
import type { DescMethodUnary, DescService, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import type { AppContext, Viewer } from "../context.js";

/** Who may call an RPC: anyone (the service still filters what a visitor sees), or a signed-in user (401 otherwise). */
type RpcAccess = "public" | "signed-in";

/** What an implementation gets besides its input: the app, the caller, and the HTTP exchange (cookies, address). */
export interface RpcCall {
  ctx: AppContext;
  viewer: Viewer;
  request: FastifyRequest;
  /** Headers set here (a cookie) go out with the answer on either transport. */
  reply: FastifyReply;
}

type UnaryHandler<M extends DescMethodUnary> = (input: MessageShape<M["input"]>, call: RpcCall) => Promise<MessageInitShape<M["output"]>>;

export interface RpcDeclaration<M extends DescMethodUnary = DescMethodUnary> {
  access: RpcAccess;
  handle: UnaryHandler<M>;
  /** The largest request body it reads, in bytes, when more than a memo's text needs (an attachment's bytes). */
  bodyBytes?: (config: Config) => number;
}

type UnaryMethods<S extends DescService> = {
  [K in keyof S["method"]]: S["method"][K] extends DescMethodUnary ? S["method"][K] : never;
};

/** Every method of the service, each declared: a method of the .proto left out fails to compile. */
export type ServiceRpcs<S extends DescService> = { [K in keyof S["method"]]: RpcDeclaration<UnaryMethods<S>[K]> };

/** A declared service: its descriptor, and its RPCs by method name (the transports look them up by `localName`). */
export interface V1Service {
  service: DescService;
  rpcs: Readonly<Record<string, RpcDeclaration>>;
}

/** A service's RPCs, checked against its generated descriptor here; the transports need only the names. */
export function v1Service<S extends DescService>(service: S, rpcs: ServiceRpcs<S>): V1Service {
  return { service, rpcs: rpcs as unknown as Record<string, RpcDeclaration> };
}

/** The declaration of one method of a registered service. */
export function rpcOf(service: V1Service, localName: string): RpcDeclaration {
  const rpc = service.rpcs[localName];
  if (!rpc) throw new Error(`${service.service.typeName} declares no ${localName}`);
  return rpc;
}
