// The Connect transport: `POST /memos.api.v1.<Service>/<Method>` with binary protobuf or JSON, served by
// @connectrpc/connect's router on Fastify routes of our own (as @connectrpc/connect-fastify does, plus what our hooks
// need: each route's access, and the caller the access hook resolved handed to the implementation).
import type { DescMessage, DescMethodUnary, MessageShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createConnectRouter, createContextKey, createContextValues, type HandlerContext } from "@connectrpc/connect";
import { compressionGzip, universalRequestFromNodeRequest, universalResponseToNodeResponse } from "@connectrpc/connect-node";
import type { UniversalServerResponse } from "@connectrpc/connect/protocol";
import * as connectProtocol from "@connectrpc/connect/protocol-connect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { type RpcCall, rpcOf, type V1Service } from "../rpc.js";
import { asConnectError } from "./errors.js";
import { restBindingOf } from "./http-rule.js";
import { invokeRpc } from "./invoke.js";
import { JSON_WRITE } from "./rest.js";

/** The protobuf package of memos' v1 API: every Connect procedure's path starts with it. */
const PACKAGE = "memos.api.v1";

/** The route that answers a procedure of the package no declaration serves. */
export const CONNECT_FALLBACK_PATH = `/${PACKAGE}.:service/:method`;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The largest request body Connect reads (a memo is at most 1 MiB of text), unless an RPC declares more (attachments). */
const READ_MAX_BYTES = 8 * 1024 * 1024;

const CALL = createContextKey<RpcCall | undefined>(undefined);

function callOf(context: HandlerContext): RpcCall {
  const call = context.values.get(CALL);
  if (!call) throw new ConnectError("no caller", Code.Internal);
  return call;
}

/** The content types Connect reads itself, from the raw request: Fastify must not read those bodies first. */
function leaveBodiesToConnect(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
}

/** Writes a failure of a hook before the RPC (401, a cross-site write) as Connect does. */
function sendConnectError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const connectError = asConnectError(error, request);
  return reply
    .status(connectProtocol.codeToHttpStatus(connectError.code))
    .type("application/json")
    .send(connectProtocol.errorToJson(connectError, undefined));
}

/**
 * A binary body that is no message of the RPC's input: connect-es calls its own parse failure `internal` (500), where
 * connect-go, which memos runs, says `invalid_argument`. The bad input is the client's, so it is answered as such.
 */
async function parseFailureAsInvalidArgument(response: UniversalServerResponse): Promise<UniversalServerResponse> {
  if (response.status !== 500 || response.body === undefined) return response;
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!/^\{"code":"internal","message":"parse binary:/.test(text)) return { ...response, body: oneChunk(Buffer.from(text)) };
  const { message } = JSON.parse(text) as { message: string };
  const invalid = new ConnectError(`invalid request: ${message}`, Code.InvalidArgument);
  const body = Buffer.from(JSON.stringify(connectProtocol.errorToJson(invalid, undefined)));
  const header = new Headers(response.header);
  header.set("content-length", String(body.byteLength));
  return { ...response, status: connectProtocol.codeToHttpStatus(Code.InvalidArgument), header, body: oneChunk(body) };
}

async function* oneChunk(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** A Connect route's procedure name (`/memos.api.v1.MemoService/GetMemo`) for every declared RPC. */
export function connectPaths(services: readonly V1Service[]): string[] {
  return services.flatMap((service) => service.service.methods.map((method) => `/${service.service.typeName}/${method.name}`));
}

export function registerConnectRoutes(scope: FastifyInstance, ctx: AppContext, services: readonly V1Service[]): void {
  leaveBodiesToConnect(scope);
  scope.setErrorHandler(sendConnectError);
  const router = createConnectRouter({
    connect: true,
    grpc: false,
    grpcWeb: false,
    jsonOptions: { ...JSON_WRITE, ignoreUnknownFields: true },
    readMaxBytes: Math.max(
      READ_MAX_BYTES,
      ...services.flatMap((service) => Object.values(service.rpcs).map((rpc) => rpc.bodyBytes?.(ctx.config) ?? 0)),
    ),
    acceptCompression: [compressionGzip],
  });
  for (const service of services) {
    for (const method of service.service.methods) {
      const rpc = rpcOf(service, method.localName);
      router.rpc(method as DescMethodUnary, (input: MessageShape<DescMessage>, context: HandlerContext) =>
        invokeRpc(rpc, input, callOf(context)),
      );
    }
  }
  // A procedure of the package we do not serve: Connect's `unimplemented` (HTTP 501), which every Connect client
  // reads as such, rather than our plain 404.
  scope.route({
    method: "POST",
    url: CONNECT_FALLBACK_PATH,
    config: { access: "public", v1: { rpc: "unknown", verb: "POST", connect: true } },
    handler: async (request, reply) => {
      const { service, method } = request.params as { service: string; method: string };
      // Only a procedure's spelling (`Service/Method`); anything else is no path of ours at all: the app's own 404.
      if (!IDENTIFIER.test(service) || !IDENTIFIER.test(method)) return reply.callNotFound();
      throw new ConnectError(`${PACKAGE}.${service}/${method} is not served by this server`, Code.Unimplemented);
    },
  });
  for (const handler of router.handlers) {
    const service = services.find((candidate) => candidate.service.typeName === handler.service.typeName)!;
    const rpc = rpcOf(service, handler.method.localName);
    // A read-only token may call the RPCs REST serves as GET, whatever Connect's own method.
    const verb = restBindingOf(handler.method)?.verb ?? "POST";
    scope.route({
      method: "POST",
      url: handler.requestPath,
      config: { access: rpc.access, v1: { rpc: `${service.service.name}/${handler.method.name}`, verb, connect: true } },
      handler: async (request, reply) => {
        const call: RpcCall = { ctx, viewer: request.viewer, request, reply };
        const response = await parseFailureAsInvalidArgument(
          await handler(universalRequestFromNodeRequest(request.raw, reply.raw, undefined, createContextValues().set(CALL, call))),
        );
        // Headers an RPC set on the reply (a cookie) go out with Connect's answer, written to the raw response.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
        await universalResponseToNodeResponse(response, reply.raw);
      },
    });
  }
}
