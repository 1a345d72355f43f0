// Runs one declared RPC for either transport: the checks every input meets first, then the implementation, with
// whatever it throws turned into the v1 API's error.
import type { MessageInitShape, MessageShape, DescMethodUnary } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { findNulField } from "../../http/input-guard.js";
import type { RpcCall, RpcDeclaration } from "../rpc.js";
import { asConnectError, invalidArgument } from "./errors.js";

export async function invokeRpc<M extends DescMethodUnary>(
  rpc: RpcDeclaration<M>,
  input: MessageShape<M["input"]>,
  call: RpcCall,
): Promise<MessageInitShape<M["output"]>> {
  try {
    // The access hook judged the route; a REST route shared by RPCs (a custom verb) is judged by its most open one.
    if (rpc.access === "signed-in" && call.viewer === null) throw new ConnectError("user not authenticated", Code.Unauthenticated);
    // Binary input skips the HTTP input guard; no database should see a NUL character (PostgreSQL refuses it).
    const nul = findNulField(input);
    if (nul !== null) throw invalidArgument(nul, "must not contain NUL characters");
    return await rpc.handle(input, call);
  } catch (error) {
    throw asConnectError(error, call.request);
  }
}
