// The wrappers of every answer: `{"data": …}` around a success of /api, and the error envelope of every failure
// (the OAuth routes answer OAuth's own error shape instead, schemas/oauth.ts).
import { z } from "zod";
import { ERROR_REASON_NAMES, ERROR_REASONS } from "./reasons.js";

/**
 * Every failure: {"error": "code=N, message=M", "message": M, "reason": R}, with `field` and `params` when the
 * failure has them. `error` and `message` are v0's; the rest is ours (reasons.ts).
 */
export const errorEnvelopeSchema = z
  .object({
    error: z.string().describe('"code=N, message=M"'),
    message: z.string().describe("The sentence a person reads, in English (v0's wording)"),
    reason: z
      .enum(ERROR_REASON_NAMES)
      .describe("The kind of failure, a stable key to branch and translate on")
      .meta({ "x-enumDescriptions": Object.fromEntries(ERROR_REASON_NAMES.map((name) => [name, ERROR_REASONS[name].description])) }),
    field: z.string().optional().describe("The input field the failure is about (`currentPassword`, `content`), when there is one"),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe("Values a translation of the reason interpolates (`maximum`, `username`)"),
  })
  .meta({ id: "Error" });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Every success answer of /api: {"data": …}. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
