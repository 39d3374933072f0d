import { describe, expect, it } from "vitest";
import { breakdownTaskList, scopeTaskList } from "./analytics-links.ts";

const me = "me-id";

describe("analytics → task list links", () => {
  it("opens a scope's own tab where the task list has one", () => {
    expect(scopeTaskList({ kind: "project", id: "p" }, me)).toEqual({
      to: "/task/project",
      search: { project_id: "p" },
    });
    expect(scopeTaskList({ kind: "workspace_user", id: me }, me)).toEqual({ to: "/task/me", search: {} });
    expect(scopeTaskList({ kind: "management", id: me }, me)).toEqual({ to: "/task/management", search: {} });
    expect(scopeTaskList({ kind: "workspace_user", id: "x" }, me)).toEqual({
      to: "/task/group",
      search: { assignee_id: "x" },
    });
  });

  it("filters the scope's list to a breakdown row", () => {
    expect(breakdownTaskList({ kind: "workspace", id: "w" }, me, "project", "p")).toEqual({
      to: "/task/project",
      search: { project_id: "p" },
    });
    expect(breakdownTaskList({ kind: "group", id: "g" }, me, "priority", "high")).toEqual({
      to: "/task/group",
      search: { group_id: "g", priority: "high" },
    });
    expect(breakdownTaskList({ kind: "project", id: "p" }, me, "person", "x")).toEqual({
      to: "/task/project",
      search: { project_id: "p", assignee_id: "x" },
    });
    expect(breakdownTaskList({ kind: "workspace_user", id: me }, me, "status", "in_progress")).toEqual({
      to: "/task/me",
      search: { status: "in_progress" },
    });
    expect(breakdownTaskList({ kind: "management", id: me }, me, "person", "x")).toEqual({
      to: "/task/management",
      search: { assignee_id: "x" },
    });
    expect(breakdownTaskList({ kind: "workspace", id: "w" }, me, "group", null)).toBeNull();
  });
});
