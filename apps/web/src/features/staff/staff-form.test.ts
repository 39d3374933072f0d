import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { describe, expect, it } from "vitest";
import {
  effectiveMainGroup,
  emptyStaffForm,
  mainFirst,
  staffFormSchema,
  staffToForm,
  toInviteBody,
  toUpdateBody,
} from "./staff-form.ts";

const WS = "0194f3a2-7b1c-7def-8abc-ffffffffffff";
const G1 = "0194f3a2-7b1c-7def-8abc-000000000001";
const G2 = "0194f3a2-7b1c-7def-8abc-000000000002";
const G3 = "0194f3a2-7b1c-7def-8abc-000000000003";
const POS = "0194f3a2-7b1c-7def-8abc-0000000000aa";

const staff: WorkspaceUser = {
  id: "0194f3a2-7b1c-7def-8abc-0000000000ff",
  workspace_id: WS,
  user_id: null,
  role: "member",
  status: "invited",
  email: "taro@example.co.jp",
  last_name: "山田",
  first_name: "太郎",
  last_name_kana: "ヤマダ",
  first_name_kana: "タロウ",
  employee_code: "A001",
  official_position: { id: POS, name: "課長", rank: 3 },
  groups: [
    { id: G1, name: "総務課", is_main: false },
    { id: G2, name: "営業一課", is_main: true },
  ],
  avatar_image_id: null,
  avatar_url: null,
  position: 1,
  invited_at: "2026-11-01T00:00:00.000Z",
  joined_at: null,
  deleted_at: null,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

describe("main group", () => {
  it("puts the main group first", () => {
    expect(mainFirst(staff.groups).map((g) => g.name)).toEqual(["営業一課", "総務課"]);
  });

  it("keeps the chosen main group while it is among the groups, else takes the first", () => {
    expect(effectiveMainGroup([G1, G2], G2)).toBe(G2);
    expect(effectiveMainGroup([G1, G3], G2)).toBe(G1);
    expect(effectiveMainGroup([G1], "")).toBe(G1);
    expect(effectiveMainGroup([], G2)).toBeNull();
  });
});

describe("toInviteBody", () => {
  it("sends empty choices as null and the main group among the groups", () => {
    const values = {
      ...emptyStaffForm(),
      last_name: " 山田 ",
      first_name: "太郎",
      email: " taro@example.co.jp ",
      group_ids: [G1, G2],
      main_group_id: G3,
    };
    expect(toInviteBody(values, WS)).toEqual({
      workspace_id: WS,
      email: "taro@example.co.jp",
      last_name: "山田",
      first_name: "太郎",
      last_name_kana: "",
      first_name_kana: "",
      employee_code: null,
      official_position_id: null,
      group_ids: [G1, G2],
      main_group_id: G1,
      role: "member",
    });
  });
});

describe("toUpdateBody", () => {
  it("sends nothing when nothing changed (an invited record would be mailed again)", () => {
    expect(toUpdateBody(staffToForm(staff), staff)).toEqual({});
    // The address differs only in case: the server keeps addresses lower-case.
    expect(toUpdateBody({ ...staffToForm(staff), email: "Taro@Example.co.jp" }, staff)).toEqual({});
  });

  it("sends only the changed fields", () => {
    const values = { ...staffToForm(staff), first_name: "次郎", employee_code: "", official_position_id: "" };
    expect(toUpdateBody(values, staff)).toEqual({
      first_name: "次郎",
      employee_code: null,
      official_position_id: null,
    });
  });

  it("sends the groups with the main group when either changed", () => {
    expect(toUpdateBody({ ...staffToForm(staff), main_group_id: G1 }, staff)).toEqual({
      group_ids: [G2, G1],
      main_group_id: G1,
    });
    expect(toUpdateBody({ ...staffToForm(staff), group_ids: [G1] }, staff)).toEqual({
      group_ids: [G1],
      main_group_id: G1,
    });
    expect(toUpdateBody({ ...staffToForm(staff), group_ids: [], main_group_id: "" }, staff)).toEqual({
      group_ids: [],
      main_group_id: null,
    });
  });
});

describe("staffFormSchema", () => {
  it("asks for the names and a valid address in Japanese", () => {
    const result = staffFormSchema.safeParse({ ...emptyStaffForm(), email: "not-an-address" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain("姓を入力してください");
    expect(messages).toContain("名を入力してください");
    expect(messages).toContain("メールアドレスの形式が正しくありません");
  });

  it("refuses フリガナ that is not katakana", () => {
    const result = staffFormSchema.safeParse({
      ...emptyStaffForm(),
      last_name: "山田",
      first_name: "太郎",
      email: "t@example.jp",
      last_name_kana: "yamada",
    });
    expect(result.error?.issues[0]?.message).toBe("フリガナは全角カタカナで入力してください");
  });
});
