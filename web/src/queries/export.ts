// Exporting data (GET /api/export; POST for a selection of memos): a read, but a long one the user starts and
// watches, so it is a hook with its progress rather than a cached query. The archive is saved as a file when it
// has arrived whole.
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

/**
 * Exports some of the signed-in user's memos (`POST /api/export` with their ids), saved as a zip when it has arrived.
 * @example const { start, running } = useSelectionExport(); await start([1, 2, 3]);
 */
export function useSelectionExport() {
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const start = useCallback(async (ids: readonly number[]): Promise<string | null> => {
    if (busy.current) return null;
    busy.current = true;
    setRunning(true);
    try {
      const body = { ids: [...ids] };
      const { blob, filename } = await downloadWithProgress(api.url("export.selection", { body }), () => {}, {
        body,
        fallbackName: "memos-export-selection.zip",
      });
      saveBlob(blob, filename);
      return filename;
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);

  return { running, start };
}
