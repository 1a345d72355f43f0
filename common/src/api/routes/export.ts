// Export: the caller's data (or the whole instance) as a zip archive.
import { exportQuerySchema } from "../queries.js";
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
};
