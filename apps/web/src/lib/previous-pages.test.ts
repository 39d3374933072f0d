import { beforeEach, describe, expect, it, vi } from "vitest";

const memory = new Map<string, unknown>();
vi.mock("./local-store.ts", () => ({
  localStore: {
    getItem: async (key: string) => (memory.has(key) ? memory.get(key) : null),
    setItem: async (key: string, value: unknown) => {
      memory.set(key, value);
      return value;
    },
    removeItem: async (key: string) => {
      memory.delete(key);
    },
  },
}));

type Module = typeof import("./previous-pages.ts");
let mod: Module;

beforeEach(async () => {
  memory.clear();
  vi.resetModules();
  mod = await import("./previous-pages.ts");
});

describe("pageArea", () => {
  it("recognises the task and organisation areas", () => {
    expect(mod.pageArea("/task")).toBe("task");
    expect(mod.pageArea("/task/group")).toBe("task");
    expect(mod.pageArea("/organization")).toBe("organization");
    expect(mod.pageArea("/organization/definition/layer")).toBe("organization");
  });

  it("ignores other pages and look-alikes", () => {
    expect(mod.pageArea("/tasktpl")).toBeNull();
    expect(mod.pageArea("/mypage/profile")).toBeNull();
    expect(mod.pageArea("/organizations")).toBeNull();
  });
});

describe("rememberPage", () => {
  it("stores the last page of each area in the browser store", async () => {
    mod.rememberPage("/task/management");
    mod.rememberPage("/organization/staff");
    mod.rememberPage("/mypage/profile");
    await vi.waitFor(() => expect(memory.get("previous_task_page")).toBe("/task/management"));
    expect(memory.get("previous_organization_page")).toBe("/organization/staff");
    expect(mod.getPreviousPages()).toEqual({ task: "/task/management", organization: "/organization/staff" });
  });

  it("reads the remembered pages back after a reload and forgets them on sign-out", async () => {
    memory.set("previous_task_page", "/task/public");
    memory.set("previous_organization_page", "/mypage/profile"); // not an organisation page: ignored
    await mod.hydratePreviousPages();
    expect(mod.getPreviousPages()).toEqual({ task: "/task/public", organization: null });
    await mod.forgetPreviousPages();
    expect(mod.getPreviousPages()).toEqual({ task: null, organization: null });
    expect(memory.has("previous_task_page")).toBe(false);
  });
});
