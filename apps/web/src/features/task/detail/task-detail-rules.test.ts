import type { TaskStatus } from "@tasuki/contract/task/task.schema";
import { describe, expect, it } from "vitest";
import { allowedStatusTargets, canEditTask, fromDateTimeParts, toDateTimeParts } from "./task-detail-rules.ts";

const person = (id: string) => ({ id, last_name: "山田", first_name: "太郎", avatar_url: null });
const task = (status: TaskStatus) => ({
  status,
  created_by: "creator",
  assignee: person("assignee"),
  manager: person("manager"),
});
const as = (staffId: string, viewAllTasks = false) => ({ staffId, viewAllTasks });

describe("status transitions", () => {
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
    expect(allowedStatusTargets(task("none"), as("creator"))).toEqual([]);
    expect(allowedStatusTargets({ ...task("none"), assignee: null }, as("creator"))).toEqual(["in_progress", "done"]);
  });

  it("lets the creator, assignee, manager and view_all_tasks edit", () => {
    for (const id of ["creator", "assignee", "manager"]) expect(canEditTask(task("none"), as(id))).toBe(true);
    expect(canEditTask(task("none"), as("other"))).toBe(false);
    expect(canEditTask(task("none"), as("other", true))).toBe(true);
  });
});

describe("date and time boxes", () => {
  it("leaves the time empty for a bare date's default and shows others in Tokyo", () => {
    expect(toDateTimeParts("2027-01-11T14:59:59.000Z", "deadline")).toEqual({ date: "2027-01-11", time: "" });
    expect(toDateTimeParts("2027-01-10T15:00:00.000Z", "start")).toEqual({ date: "2027-01-11", time: "" });
    expect(toDateTimeParts("2027-01-11T01:30:00.000Z", "deadline")).toEqual({ date: "2027-01-11", time: "10:30" });
    expect(toDateTimeParts(null, "deadline")).toEqual({ date: "", time: "" });
  });

  it("sends a bare date, a Tokyo instant, or null", () => {
    expect(fromDateTimeParts({ date: "2027-01-11", time: "" })).toBe("2027-01-11");
    expect(fromDateTimeParts({ date: "2027-01-11", time: "10:30" })).toBe("2027-01-11T10:30:00+09:00");
    expect(fromDateTimeParts({ date: "", time: "10:30" })).toBeNull();
  });
});
