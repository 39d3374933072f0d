import { describe, expect, it } from "vitest";
import type { TaskStatus } from "../task/task.schema.ts";
import { allowedStatusTargets, canEditTask, mayMakeStatusMove, statusMoveOf } from "./task-rules.ts";

const task = (status: TaskStatus) => ({
  status,
  createdBy: "creator",
  assigneeId: "assignee",
  managerId: "manager",
});
const as = (staffId: string | null, viewAllTasks = false) => ({ staffId, viewAllTasks });

describe("canEditTask", () => {
  it("lets the creator, assignee, manager and view_all_tasks edit, no one else", () => {
    for (const id of ["creator", "assignee", "manager"]) expect(canEditTask(task("none"), as(id))).toBe(true);
    expect(canEditTask(task("none"), as("other"))).toBe(false);
    expect(canEditTask(task("none"), as("other", true))).toBe(true);
    expect(canEditTask(task("none"), as(null))).toBe(false);
  });

  it("does not take a missing person for the caller without a staff id", () => {
    expect(canEditTask({ createdBy: null, assigneeId: null, managerId: null }, as(null))).toBe(false);
    expect(canEditTask({ createdBy: null, assigneeId: null, managerId: null }, as(null, true))).toBe(true);
  });
});

describe("the status machine", () => {
  it("makes moves between 未着手・進行中・完了 the assignee's, closing and reopening the manager's", () => {
    expect(statusMoveOf("none", "in_progress")).toBe("assignee");
    expect(statusMoveOf("done", "none")).toBe("assignee");
    expect(statusMoveOf("in_progress", "done")).toBe("assignee");
    expect(statusMoveOf("done", "closed")).toBe("manager");
    expect(statusMoveOf("closed", "in_progress")).toBe("manager");
  });

  it("allows no other way into or out of クローズ", () => {
    expect(statusMoveOf("none", "closed")).toBeNull();
    expect(statusMoveOf("in_progress", "closed")).toBeNull();
    expect(statusMoveOf("closed", "none")).toBeNull();
    expect(statusMoveOf("closed", "done")).toBeNull();
  });

  it("gives the assignee's moves to the creator and manager while there is no assignee", () => {
    const unassigned = { ...task("none"), assigneeId: null };
    expect(mayMakeStatusMove("assignee", unassigned, as("creator"))).toBe(true);
    expect(mayMakeStatusMove("assignee", unassigned, as("manager"))).toBe(true);
    expect(mayMakeStatusMove("assignee", unassigned, as("other"))).toBe(false);
    expect(mayMakeStatusMove("assignee", task("none"), as("creator"))).toBe(false);
    expect(mayMakeStatusMove("manager", task("done"), as("assignee"))).toBe(false);
    expect(mayMakeStatusMove("manager", task("done"), as("other", true))).toBe(true);
  });
});

describe("allowedStatusTargets", () => {
  it("lets the assignee move between 未着手・進行中・完了 but not close", () => {
    expect(allowedStatusTargets(task("none"), as("assignee"))).toEqual(["in_progress", "done"]);
    expect(allowedStatusTargets(task("in_progress"), as("assignee"))).toEqual(["none", "done"]);
    expect(allowedStatusTargets(task("done"), as("assignee"))).toEqual(["none", "in_progress"]);
    expect(allowedStatusTargets(task("closed"), as("assignee"))).toEqual([]);
  });

  it("lets the manager close a done task and reopen a closed one, nothing else", () => {
    expect(allowedStatusTargets(task("none"), as("manager"))).toEqual([]);
    expect(allowedStatusTargets(task("done"), as("manager"))).toEqual(["closed"]);
    expect(allowedStatusTargets(task("closed"), as("manager"))).toEqual(["in_progress"]);
  });

  it("gives view_all_tasks every move, the creator none while there is an assignee", () => {
    expect(allowedStatusTargets(task("done"), as("admin", true))).toEqual(["none", "in_progress", "closed"]);
    expect(allowedStatusTargets(task("closed"), as("admin", true))).toEqual(["in_progress"]);
    expect(allowedStatusTargets(task("none"), as("creator"))).toEqual([]);
    expect(allowedStatusTargets({ ...task("none"), assigneeId: null }, as("creator"))).toEqual(["in_progress", "done"]);
    expect(allowedStatusTargets(task("none"), as(null))).toEqual([]);
  });
});
