import type { RecurrenceRuleInput } from "@tasuki/contract/task/recurrence.schema";
import type { TaskStatus } from "@tasuki/contract/task/task.schema";
import { useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { displayName } from "../../../lib/person.ts";
import { STATUS_LABELS } from "../../../lib/task-labels.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { deleteTasks } from "../api/delete-tasks.ts";
import { putTasksPeriodic } from "../api/put-tasks-periodic.ts";
import { restoreTasks } from "../api/restore-tasks.ts";
import { updateTasks } from "../api/update-tasks.ts";
import type { TaskCache } from "../use-task-cache.ts";
import type { BulkActions } from "./task-bulk-bar.tsx";
import type { TaskListKeeper } from "./use-task-list-data.ts";

/** The API's limits on one bulk call (all or nothing, so the selection is not split). */
const BULK_LIMIT = 500;
const PERIODIC_LIMIT = 100;

/** The bulk bar's actions on the ticked tasks, and the 繰り返しを設定 dialog they open. */
export function useTaskBulkActions({
  workspaceId,
  selectedIds,
  clearSelection,
  cache,
  keeper: { keep, forget },
}: {
  workspaceId: string;
  selectedIds: readonly string[];
  clearSelection: () => void;
  cache: TaskCache;
  keeper: TaskListKeeper;
}) {
  const [pending, setPending] = useState(false);
  const [periodicOpen, setPeriodicOpen] = useState(false);
  // Mounted from the first open on, so that closing still plays the dialog's exit.
  const [periodicUsed, setPeriodicUsed] = useState(false);
  if (periodicOpen && !periodicUsed) setPeriodicUsed(true);

  const runBulk = async (limit: number, work: (ids: string[]) => Promise<void>) => {
    if (selectedIds.length > limit) {
      showToast(`一度に操作できるのは${limit}件までです。選択を減らしてください。`, { type: "warning" });
      return;
    }
    setPending(true);
    try {
      await work([...selectedIds]);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setPending(false);
    }
  };
  const bulkChange = (changes: Parameters<typeof updateTasks>[1], message: string) =>
    void runBulk(BULK_LIMIT, async (ids) => {
      const result = await updateTasks(ids, changes);
      cache.replace(result.items);
      keep(result.items);
      showToast(message.replace("{n}", String(ids.length)), { type: "success" });
    });

  const actions: BulkActions = {
    onStatus: (status: TaskStatus) => bulkChange({ status }, `{n}件を「${STATUS_LABELS[status]}」にしました`),
    onAssignee: (person: PersonRef | null) =>
      bulkChange(
        { assignee_id: person?.id ?? null },
        person ? `{n}件の担当者を${displayName(person)}さんにしました` : "{n}件の担当者を外しました",
      ),
    onDeadline: (date: string | null) =>
      bulkChange(
        { expires_at: date },
        date ? `{n}件の期限を${date.replaceAll("-", "/")}にしました` : "{n}件の期限をなしにしました",
      ),
    onPeriodic: () => {
      if (selectedIds.length > PERIODIC_LIMIT) {
        showToast(`一度に繰り返しを設定できるのは${PERIODIC_LIMIT}件までです。`, { type: "warning" });
        return;
      }
      setPeriodicOpen(true);
    },
    onDelete: () =>
      void runBulk(BULK_LIMIT, async (ids) => {
        await deleteTasks(ids);
        cache.remove(ids);
        forget(ids);
        clearSelection();
        showToast(`${ids.length}件のタスクを削除しました`, {
          onUndo: () =>
            void restoreTasks(ids)
              .then(() => {
                void cache.refetch();
                showToast(`${ids.length}件のタスクを元に戻しました`, { type: "success" });
              })
              .catch(showErrorToast),
        });
      }),
    onRestore: () =>
      void runBulk(BULK_LIMIT, async (ids) => {
        await restoreTasks(ids);
        cache.remove(ids);
        clearSelection();
        void cache.refetch();
        showToast(`${ids.length}件のタスクを復元しました`, { type: "success" });
      }),
    onClear: clearSelection,
  };

  const setPeriodic = (rule: RecurrenceRuleInput) =>
    void runBulk(PERIODIC_LIMIT, async (ids) => {
      const result = await putTasksPeriodic({ workspace_id: workspaceId, ids, rule });
      cache.replace(result.items);
      void cache.refetch();
      setPeriodicOpen(false);
      showToast(`${ids.length}件のタスクに繰り返しを設定しました`, { type: "success" });
    });

  return {
    pending,
    actions,
    periodic: { open: periodicOpen, used: periodicUsed, close: () => setPeriodicOpen(false), submit: setPeriodic },
  };
}
