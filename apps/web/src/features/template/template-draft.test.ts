import { describe, expect, it } from "vitest";
import { calendarMonths, shortDay } from "./template-dates.ts";
import { blankDraft, draftBody, draftOfItem, draftProblem, draftSpan } from "./template-draft.ts";

const node = (title: string, start: number, days: number) => ({
  title,
  description: "",
  priority: "none" as const,
  start_offset_days: start,
  duration_days: days,
  assignee_rule: "user" as const,
  checklist: [],
});

describe("template drafts", () => {
  it("round-trips a saved tree into the body the API takes, without the editor's keys", () => {
    const draft = draftOfItem("primary_item", {
      name: "展示会出展",
      description: "",
      day_basis: "business",
      secondary_items: [{ name: "出展準備", description: "", tasks: [node("出展申込", 0, 5)] }],
      tasks: [],
    });
    const body = draftBody(draft);
    expect(body.secondary_items[0]?.tasks[0]).toEqual(node("出展申込", 0, 5));
    expect(JSON.stringify(body)).not.toContain('"key"');
  });

  it("gives a task template's single task the template's name as its title", () => {
    const draft = { ...blankDraft("task"), name: "  請求書の発行  " };
    expect(draftBody(draft).tasks[0]?.title).toBe("請求書の発行");
  });

  it("drops 中項目 from a 中項目 template's body", () => {
    const draft = { ...blankDraft("secondary_item"), name: "事後フォロー" };
    expect(draftBody(draft).secondary_items).toEqual([]);
  });

  it("says in Japanese what is missing before a save", () => {
    expect(draftProblem(blankDraft("primary_item"))).toBe("名前を入力してください");
    const named = { ...blankDraft("primary_item"), name: "月次決算" };
    expect(draftProblem(named)).toBe("中項目の名前を入力してください");
  });

  it("measures the tree: its tasks and the last day it reaches", () => {
    const draft = draftOfItem("primary_item", {
      name: "x",
      description: "",
      day_basis: "business",
      secondary_items: [{ name: "a", description: "", tasks: [node("t1", 0, 2), node("t2", 10, 3)] }],
      tasks: [node("t3", 1, 1)],
    });
    expect(draftSpan(draft)).toEqual({ tasks: 3, days: 13 });
  });
});

describe("preview dates", () => {
  it("formats a calendar date with its weekday whatever the browser's zone", () => {
    expect(shortDay("2027-04-29")).toBe("4/29(木)");
  });

  it("lays out the months of a period as weeks starting on Sunday", () => {
    const months = calendarMonths("2027-04-26", "2027-05-14");
    expect(months.map((month) => month.label)).toEqual(["2027年4月", "2027年5月"]);
    // April 2027 starts on a Thursday: four empty cells first.
    expect(months[0]?.weeks[0]?.slice(0, 5)).toEqual([null, null, null, null, "2027-04-01"]);
    expect(months[1]?.weeks.every((week) => week.length === 7)).toBe(true);
  });
});
