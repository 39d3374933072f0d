import { useQueryClient } from "@tanstack/react-query";
import type { Project } from "@tasuki/contract/project/project.schema";
import type { Task } from "@tasuki/contract/task/task.schema";
import { useEffect, useRef } from "react";
import { saveBlob } from "../../../lib/api-blob.ts";
import { csvBlob } from "../../../lib/csv.ts";
import { fileDateStamp } from "../../../lib/date.ts";
import { TAB_LABELS, type TaskTab } from "../../../lib/task-labels.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { primaryItemNamesQueryOptions } from "../api/primary-item-id-names.ts";
import { secondaryItemNamesQueryOptions } from "../api/secondary-item-id-names.ts";
import { taskCsvRows } from "../task-csv.ts";
import { type TaskListRow, tasksOfRows } from "../task-rows.ts";

/** CSV出力: each new `exportRequest` (a click in the page's header) saves the list of that moment as a file. */
export function useTaskCsvExport({
  exportRequest,
  workspaceId,
  tab,
  trash,
  tasks,
  rowsFor,
  primaryItems,
  secondaryItems,
  groups,
  projects,
  project,
}: {
  exportRequest: number;
  workspaceId: string;
  tab: TaskTab;
  trash: boolean;
  tasks: readonly Task[] | undefined;
  rowsFor: (collapsed: ReadonlySet<string>, openSeries?: ReadonlySet<string>) => TaskListRow[];
  primaryItems: readonly { id: string; name: string }[] | undefined;
  secondaryItems: ReadonlyMap<string, { id: string; name: string }[]>;
  groups: readonly { id: string; name: string }[];
  projects: readonly Project[];
  project: Project | undefined;
}) {
  const queryClient = useQueryClient();
  const exportCsv = async () => {
    // Every task of the list, the occurrences of each series included.
    const everySeries = new Set((tasks ?? []).flatMap((t) => (t.periodic_series_id ? [t.periodic_series_id] : [])));
    const listed = tasksOfRows(rowsFor(new Set(), everySeries));
    if (!listed.length) {
      showToast("出力するタスクがありません", { type: "info" });
      return;
    }
    try {
      const itemNames = new Map<string, string>();
      for (const item of primaryItems ?? []) itemNames.set(item.id, item.name);
      for (const items of secondaryItems.values()) for (const item of items) itemNames.set(item.id, item.name);
      const projectIds = [...new Set(listed.flatMap((t) => (t.primary_item_id && t.project_id ? [t.project_id] : [])))];
      const primaryIds = [
        ...new Set(listed.flatMap((t) => (t.secondary_item_id && t.primary_item_id ? [t.primary_item_id] : []))),
      ];
      const lookups = [
        ...projectIds.map((id) => () => queryClient.fetchQuery(primaryItemNamesQueryOptions(workspaceId, id))),
        ...primaryIds.map((id) => () => queryClient.fetchQuery(secondaryItemNamesQueryOptions(workspaceId, id))),
      ];
      for (let i = 0; i < lookups.length; i += 6) {
        const answers = await Promise.all(lookups.slice(i, i + 6).map((run) => run().catch(() => ({ items: [] }))));
        for (const answer of answers) for (const item of answer.items) itemNames.set(item.id, item.name);
      }
      const groupNames = new Map(groups.map((g) => [g.id, g.name]));
      const projectNames = new Map(projects.map((p) => [p.id, p.name]));
      const csv = taskCsvRows(listed, {
        group: (id) => (id ? (groupNames.get(id) ?? "") : ""),
        project: (id) => (id ? (projectNames.get(id) ?? "") : ""),
        item: (id) => (id ? (itemNames.get(id) ?? "") : ""),
      });
      const stamp = fileDateStamp(new Date(), true);
      const scope = tab === "project" && project ? `プロジェクト_${project.name}` : TAB_LABELS[tab];
      saveBlob(csvBlob(csv), `タスク一覧_${scope}${trash ? "_ゴミ箱" : ""}_${stamp}.csv`);
      showToast(`${listed.length.toLocaleString("ja-JP")}件のタスクをCSVに出力しました`, { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };

  const handledExport = useRef(exportRequest);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per click of CSV出力, with the list of that moment
  useEffect(() => {
    if (exportRequest === handledExport.current) return;
    handledExport.current = exportRequest;
    void exportCsv();
  }, [exportRequest]);
}
