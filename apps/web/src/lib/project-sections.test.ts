import { describe, expect, it } from "vitest";
import { formatSlashDate } from "./date.ts";
import { periodLabel, placeBetween, projectMove, projectSections } from "./project-sections.ts";

const sales = { id: "g-sales", name: "営業部" };
const admin = { id: "g-admin", name: "総務部" };
const gone = { id: "g-gone", name: "旧企画部" };
const projects = [
  { id: "p1", group: admin },
  { id: "p2", group: null },
  { id: "p3", group: sales },
  { id: "p4", group: gone },
  { id: "p5", group: admin },
];

describe("projectSections", () => {
  it("follows the group tree's order, then unknown groups, and puts 未所属 last", () => {
    const sections = projectSections(projects, [sales, admin]);
    expect(sections.map((section) => [section.title, section.projects.map((project) => project.id)])).toEqual([
      ["営業部", ["p3"]],
      ["総務部", ["p1", "p5"]],
      ["旧企画部", ["p4"]],
      ["未所属", ["p2"]],
    ]);
  });

  it("leaves out groups without projects", () => {
    expect(projectSections([{ id: "p", group: null }], [sales]).map((section) => section.key)).toEqual(["none"]);
  });
});

describe("projectMove", () => {
  const section = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it("answers the new neighbours of a moved project", () => {
    expect(projectMove(section, "a", "c")).toEqual({
      order: [{ id: "b" }, { id: "c" }, { id: "a" }],
      prev_id: "c",
      next_id: null,
    });
    expect(projectMove(section, "c", "a")).toMatchObject({ prev_id: null, next_id: "a" });
    expect(projectMove(section, "a", "b")).toMatchObject({ prev_id: "b", next_id: "c" });
  });

  it("answers null when nothing moves", () => {
    expect(projectMove(section, "a", "a")).toBeNull();
    expect(projectMove(section, "x", "a")).toBeNull();
  });
});

describe("placeBetween", () => {
  const all = [{ id: "a" }, { id: "x" }, { id: "b" }, { id: "c" }];
  it("puts the project right after its new previous neighbour, or before the next", () => {
    expect(placeBetween(all, "a", { prev_id: "b", next_id: "c" }).map((p) => p.id)).toEqual(["x", "b", "a", "c"]);
    expect(placeBetween(all, "c", { prev_id: null, next_id: "a" }).map((p) => p.id)).toEqual(["c", "a", "x", "b"]);
  });
});

describe("periodLabel", () => {
  it("joins the dates with 〜 and says when there are none", () => {
    expect(periodLabel("2026-04-01", "2026-09-30", (d) => formatSlashDate(d))).toBe("2026/04/01〜2026/09/30");
    expect(periodLabel("2026-04-01", null, (d) => formatSlashDate(d))).toBe("2026/04/01〜");
    expect(periodLabel(null, null, (d) => formatSlashDate(d))).toBe("期間未設定");
  });
});
