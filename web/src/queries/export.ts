// Exporting data (GET /api/export): a read, but a long one the user starts and watches, so it is a hook with
// its progress rather than a cached query. The archive is saved as a file when it has arrived whole.
import type { ExportScope } from "@memos/common";
import { useCallback, useRef, useState } from "react";
import { api } from "../api/client";
import { downloadWithProgress, saveBlob } from "../api/download";

export interface ExportState {
  /** The scope being exported, or null when idle. */
  running: ExportScope | null;
  /** Bytes received of the running export. */
  received: number;
}

/**
 * @example const { start, running, received } = useExportDownload(); start("user").catch(showError)
 */
export function useExportDownload() {
  const [state, setState] = useState<ExportState>({ running: null, received: 0 });
  const busy = useRef(false);

  const start = useCallback(async (scope: ExportScope): Promise<string | null> => {
    if (busy.current) return null;
    busy.current = true;
    setState({ running: scope, received: 0 });
    try {
      const { blob, filename } = await downloadWithProgress(
        api.url("export.archive", { query: scope === "instance" ? { scope } : {} }),
        ({ received }) => setState({ running: scope, received }),
        { fallbackName: "memos-export.zip" },
      );
      saveBlob(blob, filename);
      return filename;
    } finally {
      busy.current = false;
      setState({ running: null, received: 0 });
    }
  }, []);

  return { ...state, start };
}
