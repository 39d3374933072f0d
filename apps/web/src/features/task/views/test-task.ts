import type { Task } from "@tasuki/contract/task/task.schema";

let serial = 0;

/** A task for the views' tests: every field filled, the given ones on top. */
export function testTask(fields: Partial<Task> = {}): Task {
  serial += 1;
  return {
    id: `t${serial}`,
    workspace_id: "w",
    title: `タスク${serial}`,
    description: "",
    description_source: null,
    status: "none",
    priority: "none",
    starts_at: null,
    expires_at: null,
    assignee: null,
    manager: null,
    group_id: null,
    project_id: null,
    meeting_id: null,
    primary_item_id: null,
    secondary_item_id: null,
    is_public: false,
    notification: null,
    has_notification: false,
    deadline_category: null,
    periodic_rule: null,
    periodic_series_id: null,
    occurrence_date: null,
    position: serial,
    created_by: null,
    deleted_at: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}
