// Export: the caller's data (or the whole instance) as a zip archive.
import { exportQuerySchema, exportSelectionSchema } from "../schemas/export.js";
import { file, input, route } from "../route.js";

export const exportRoutes = {
  "export.archive": route({
    method: "GET",
    path: "/api/export",
    summary: "Export your data as a zip archive",
    description:
      "Streams a zip: `memos/<YYYY>/<YYYY-MM-DD>-<id>.md` (YAML front matter, then the Markdown), `attachments/<id>-<name>`, " +
      "`resources.json`, `shortcuts.json`, `settings.json`, and `manifest.json` last (format, instance, counts, SHA-256 of every file). " +
      "`scope=instance` (the host only) exports every account under `users/<username>/` with `users.json`; " +
      "no password hash, open ID or session is ever included.",
    access: "signed-in",
    query: input(exportQuerySchema, "Malformatted export query"),
    answer: file("application/zip", "The archive (Content-Disposition: attachment; filename=memos-export-<username>-<date>.zip)"),
    errors: { 403: "`scope=instance` by anyone but the host" },
  }),
  "export.selection": route({
    method: "POST",
    path: "/api/export",
    summary: "Export some of your memos as a zip archive",
    description:
      "The archive of `GET /api/export` holding only the caller's memos among `ids` (up to 10,000; others' and unknown ids are left out " +
      "and counted in the manifest's `counts.skipped`), with the attachments those memos link and their entries in `resources.json`; " +
      "no shortcuts or settings. The manifest's `scope` is `selection`. A POST because a selection does not fit in a URL: " +
      "a read-only access token gets 403, as for every POST (`GET /api/export` takes everything).",
    access: "signed-in",
    body: input(exportSelectionSchema, "Malformatted export request"),
    answer: file("application/zip", "The archive (Content-Disposition: attachment; filename=memos-export-<username>-<date>-selection.zip)"),
  }),
};
