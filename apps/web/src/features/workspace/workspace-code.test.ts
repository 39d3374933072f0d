import { workspaceCodeSchema } from "@tasuki/contract/workspace/workspace.schema";
import { describe, expect, it } from "vitest";
import { suggestWorkspaceCode } from "./workspace-code.ts";

describe("suggestWorkspaceCode", () => {
  it("suggests codes the contract accepts", () => {
    for (let i = 0; i < 200; i++) {
      const code = suggestWorkspaceCode();
      expect(workspaceCodeSchema.safeParse(code).success).toBe(true);
      expect(code).toMatch(/^ws-[a-z2-9]{6}$/);
    }
  });

  it("avoids characters that are easily confused", () => {
    const code = suggestWorkspaceCode(() => new Uint8Array([11, 14, 31, 63, 255, 0]));
    expect(code).not.toMatch(/[lo01]/);
  });

  it("varies between calls", () => {
    const codes = new Set(Array.from({ length: 50 }, () => suggestWorkspaceCode()));
    expect(codes.size).toBeGreaterThan(45);
  });
});
