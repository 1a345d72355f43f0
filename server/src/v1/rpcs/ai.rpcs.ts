// AIService: this server has no AI provider (the AI setting lists none), so transcription is Unimplemented.
import { Code, ConnectError } from "@connectrpc/connect";
import { AIService } from "../gen/memos/api/v1/ai_service_pb.js";
import { v1Service } from "../rpc.js";

export const aiRpcs = v1Service(AIService, {
  transcribe: {
    access: "signed-in",
    handle: async () => {
      throw new ConnectError("transcription is not available: this server has no AI provider", Code.Unimplemented);
    },
  },
});
