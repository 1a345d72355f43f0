// Failures in the v1 API's terms. Whatever an RPC or a hook before it throws becomes a ConnectError: ours keep their
// message with the gRPC code of their status. Connect writes `{"code": "not_found", "message"}` itself; the REST
// gateway writes grpc-gateway's `{"code": 5, "message", "details": []}` with the HTTP status grpc-gateway gives the code.
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyError, FastifyRequest } from "fastify";
import { asHttpError, type HttpError } from "../../errors.js";

/** The gRPC code of one of our statuses. */
function codeOfStatus(status: number): Code {
  switch (status) {
    case 400:
    case 413:
    case 414:
    case 415:
      return Code.InvalidArgument;
    case 401:
      return Code.Unauthenticated;
    case 403:
      return Code.PermissionDenied;
    case 404:
      return Code.NotFound;
    case 409:
      return Code.AlreadyExists;
    case 429:
    case 507:
      return Code.ResourceExhausted;
    case 503:
      return Code.Unavailable;
    default:
      return Code.Internal;
  }
}

const fromHttpError = (error: HttpError) => new ConnectError(error.message, codeOfStatus(error.status));

/** Anything thrown, as the v1 API answers it (an unknown failure is logged and said as `internal`, nothing more). */
export function asConnectError(error: unknown, request: FastifyRequest): ConnectError {
  if (error instanceof ConnectError) return error;
  return fromHttpError(asHttpError(error as FastifyError | Error, request));
}

/** A bad input, naming the request field (its proto name) the way memos does: "invalid page_token: …". */
export const invalidArgument = (field: string, problem: string) => new ConnectError(`invalid ${field}: ${problem}`, Code.InvalidArgument);

/** grpc-gateway's HTTP status of each code. */
const REST_STATUS: Record<Code, number> = {
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.InvalidArgument]: 400,
  [Code.DeadlineExceeded]: 504,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.PermissionDenied]: 403,
  [Code.ResourceExhausted]: 429,
  [Code.FailedPrecondition]: 400,
  [Code.Aborted]: 409,
  [Code.OutOfRange]: 400,
  [Code.Unimplemented]: 501,
  [Code.Internal]: 500,
  [Code.Unavailable]: 503,
  [Code.DataLoss]: 500,
  [Code.Unauthenticated]: 401,
};

/** The REST answer of a failure: its status and grpc-gateway's body. */
export function restError(error: ConnectError): { status: number; body: { code: number; message: string; details: unknown[] } } {
  return { status: REST_STATUS[error.code], body: { code: error.code, message: error.rawMessage, details: [] } };
}
