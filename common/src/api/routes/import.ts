// Import: an archive from memos or another note app into the caller's account.
import { importQuerySchema, importResultEntitySchema } from "../schemas/import.js";
import { data, form, input, route } from "../route.js";

export const importRoutes = {
  "import.archive": route({
    method: "POST",
    path: "/api/import",
    summary: "Import an archive into your account",
    description:
      "Takes a zip (multipart field `file`, at most the upload limit) and finds what it is from its contents: a memos export " +
      "(`GET /api/export`), a folder of Markdown notes (Obsidian, Bear, Logseq…), a flomo HTML export or a Google Keep Takeout. " +
      "`dryRun=true` answers the same counts and problems and writes nothing. Memos already in the account (same created time " +
      "and content) are skipped. A damaged or unsafe archive (not a zip, a file failing its CRC-32 check, paths outside its folder, a zip bomb) " +
      "is a 400 and nothing is written. An import sends no webhook events.",
    access: "signed-in",
    query: input(importQuerySchema, "Malformatted import query"),
    body: form({
      notForm: 'Malformatted import request: send the archive as multipart/form-data in the field "file"',
      noFile: 'Malformatted import request: send the archive as multipart/form-data in the field "file"',
      malformed: "Malformatted import request: the multipart body is malformed",
    }),
    answer: data(importResultEntitySchema),
    errors: {
      400: "Not a form with a `file`, or a damaged or unsafe archive (`Invalid archive: …`)",
      403: "The account is archived",
      413: "Over the upload limit (--max-upload-mb)",
    },
  }),
};
