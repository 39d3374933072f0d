import type { Task } from "@tasuki/contract/task/task.schema";
import { describe, expect, it } from "vitest";
import type { TaskListData } from "./api/list-tasks.ts";
import { withTask } from "./use-task-cache.ts";
import { testTask } from "./views/test-task.ts";

const task = (id: string, title: string): Task => testTask({ id, title });

const list = (items: Task[]): TaskListData => ({
  items,
  total: items.length,
  loaded: items.length,
  complete: true,
  truncated: false,
});

describe("a task created in place", () => {
  it("is added to the list once", () => {
    const added = withTask(list([task("a", "会場候補を3つ挙げる")]), task("b", "見積もりを依頼する"));
    expect(added?.items.map((item) => item.title)).toEqual(["会場候補を3つ挙げる", "見積もりを依頼する"]);
    expect(added?.total).toBe(2);
  });

  it("is not listed twice when a refetch (its own live event) already brought it", () => {
    const refetched = list([task("a", "会場候補を3つ挙げる"), task("b", "見積もりを依頼する")]);
    const added = withTask(refetched, task("b", "見積もりを依頼する"));
    expect(added?.items.map((item) => item.id)).toEqual(["a", "b"]);
    expect(added?.total).toBe(2);
  });

  it("leaves a list not read yet alone", () => {
    expect(withTask(undefined, task("b", "見積もりを依頼する"))).toBeUndefined();
  });
});
