// Import (routes/import.ts): a dry run or not, and what an archive held.
import { z } from "zod";
import { optional } from "../schema-parts.js";

/** `POST /api/import`: `dryRun=true` answers what would be imported and writes nothing. */
export const importQuerySchema = z.object({ dryRun: optional(z.enum(["true", "false"])) });
export type ImportQuery = z.infer<typeof importQuerySchema>;

/** What an archive holds, as `POST /api/import` found it. */
const IMPORT_KINDS = ["memos-export", "markdown", "flomo", "google-keep"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A file of an archive that was not imported (or imported in part), and why. */
const importProblemSchema = z.object({ file: z.string(), reason: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

const importedMemoPreviewSchema = z.object({
  file: z.string().describe("The archive's file (or flomo block) the memo comes from"),
  title: z.string().describe("Its first line with words, without Markdown marks, at most 80 characters"),
  createdTs: z.int(),
  attachments: z.int().describe("How many files it lists"),
});
/** One of the first memos an import adds (or, in a dry run, would add). */
export type ImportedMemoPreview = z.infer<typeof importedMemoPreviewSchema>;

export const importResultEntitySchema = z
  .object({
    kind: z.enum(IMPORT_KINDS).describe("What the archive was found to be"),
    dryRun: z.boolean(),
    memos: z.int(),
    attachments: z.int(),
    shortcuts: z.int(),
    skipped: z.int().describe("Items already in the account (an earlier import of the same archive), not imported again"),
    problems: z.array(importProblemSchema).describe("The first 100 problems"),
    problemCount: z.int(),
    firstMemos: z
      .array(importedMemoPreviewSchema)
      .describe("The first 10 memos added (or, in a dry run, that would be), in the archive's order"),
  })
  .meta({ id: "ImportResult" });
/** The answer of `POST /api/import`: what was imported (or, in a dry run, would be). */
export type ImportResult = z.infer<typeof importResultEntitySchema>;
