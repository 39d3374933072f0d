import { useMutation } from "@tanstack/react-query";
import type { exportStaffQuerySchema } from "@tasuki/contract/workspace-user/staff-csv.contract";
import type { z } from "zod";
import { fetchApiFile } from "../../../lib/api-blob.ts";

export type ExportStaffQuery = z.input<typeof exportStaffQuerySchema>;

/** A file download, not JSON, so it has a path here instead of a contract (see the API's staff routes). */
export const EXPORT_STAFF_PATH = "/app/workspace-user/export.csv";

/** The workspace's staff as a CSV file (UTF-8 with BOM, or Shift_JIS), fetched with the bearer token. */
export function exportStaff(query: ExportStaffQuery) {
  return fetchApiFile(EXPORT_STAFF_PATH, { query: { workspace_id: query.workspace_id, encoding: query.encoding } });
}

export function useExportStaff() {
  return useMutation({ mutationFn: exportStaff });
}
