import type { Locator, Page } from "@playwright/test";
import {
  deleteGroupContract,
  getGroupContract,
  listGroupTreeContract,
  newGroupContract,
} from "@tasuki/contract/group/group.contracts";
import { putGroupTypesContract } from "@tasuki/contract/workspace/put-group-types.contract";
import { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import { newWorkspaceUserContract } from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { api } from "../support/api.ts";
import { expect, test, uniqueEmail } from "../support/fixtures.ts";
import { addStaff, createOwner, signIn } from "../support/organization.ts";

type Owner = Awaited<ReturnType<typeof createOwner>>;

/** Invites a staff member (they stay `invited`: enough to be placed in groups) and answers their id. */
async function invite(owner: Owner, lastName: string, firstName: string): Promise<string> {
  const staff = await api.ok(
    newWorkspaceUserContract,
    {
      body: {
        workspace_id: owner.workspaceId,
        email: uniqueEmail("canvas"),
        last_name: lastName,
        first_name: firstName,
      },
    },
    { token: owner.token },
  );
  return staff.id;
}

async function staffIdOf(owner: Owner, email: string): Promise<string> {
  const { items } = await api.ok(
    listWorkspaceUsersContract,
    { query: { workspace_id: owner.workspaceId, per_page: "200" } },
    { token: owner.token },
  );
  const found = items.find((item) => item.email === email);
  if (!found) throw new Error(`no staff record for ${email}`);
  return found.id;
}

async function newGroup(
  owner: Owner,
  fields: { name: string; parent_id: string | null; group_type_id: string; leader_id?: string; member_ids?: string[] },
): Promise<string> {
  const group = await api.ok(
    newGroupContract,
    { body: { workspace_id: owner.workspaceId, ...fields } },
    { token: owner.token },
  );
  return group.id;
}

/** 営業本部 (本部) › 第一営業部, 第二営業部 (部) › 法人営業課 (課, under 第一) and 東日本営業課 (課, under 第二). */
async function buildTree(owner: Owner) {
  const { items: layers } = await api.ok(
    putGroupTypesContract,
    { params: { id: owner.workspaceId }, body: { items: [{ name: "本部" }, { name: "部" }, { name: "課" }] } },
    { token: owner.token },
  );
  const layer = (name: string) => layers.find((item) => item.name === name)!.id;
  const leader = await addStaff(owner, "member");
  const leaderId = await staffIdOf(owner, leader.email);
  const tanaka = await invite(owner, "田中", "花子");
  const suzuki = await invite(owner, "鈴木", "次郎");
  const sato = await invite(owner, "佐藤", "三郎");

  const honbu = await newGroup(owner, {
    name: "営業本部",
    parent_id: null,
    group_type_id: layer("本部"),
    leader_id: leaderId,
    member_ids: [leaderId],
  });
  const first = await newGroup(owner, { name: "第一営業部", parent_id: honbu, group_type_id: layer("部") });
  const second = await newGroup(owner, { name: "第二営業部", parent_id: honbu, group_type_id: layer("部") });
  await newGroup(owner, {
    name: "法人営業課",
    parent_id: first,
    group_type_id: layer("課"),
    leader_id: tanaka,
    member_ids: [tanaka, suzuki],
  });
  const east = await newGroup(owner, {
    name: "東日本営業課",
    parent_id: second,
    group_type_id: layer("課"),
    member_ids: [sato],
  });
  return { honbu, first, second, east, tanaka, suzuki };
}

const card = (page: Page, name: string): Locator =>
  page.getByTestId("org-group").filter({ has: page.locator(".oc-name", { hasText: new RegExp(`^${name}$`) }) });

async function openCanvas(page: Page): Promise<void> {
  await page.goto("/organization/canvas");
  await expect(page.getByTestId("org-canvas-frame")).toHaveAttribute("data-ready", "true");
}

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box.y;
}

/**
 * Drags one group's card onto another's with the mouse, as a person would: picked up by its name (the
 * buttons on a card do not start a drag), away from the frame's edges where React Flow pans by itself.
 */
async function dragOnto(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.locator(".oc-name").boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("cards not on screen");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

test("the owner sees the tree by layer on the canvas, opens a member's record and moves a group by drag and drop", async ({
  page,
}) => {
  const owner = await createOwner("株式会社ずかいテスト");
  const tree = await buildTree(owner);
  await signIn(page, owner.email);
  await openCanvas(page);

  await expect(page.getByRole("heading", { name: "組織図" })).toBeVisible();
  await expect(page.getByLabel("階層の凡例")).toContainText("本部");
  await expect(page.getByText("計5グループ")).toBeVisible();

  // By layer: the layer chip on every card, one row per layer, member counts.
  const honbu = card(page, "営業本部");
  const first = card(page, "第一営業部");
  const second = card(page, "第二営業部");
  const corporate = card(page, "法人営業課");
  const east = card(page, "東日本営業課");
  await expect(honbu.locator(".oc-layer")).toHaveText("本部");
  await expect(first.locator(".oc-layer")).toHaveText("部");
  await expect(corporate.locator(".oc-layer")).toHaveText("課");
  await expect(honbu.getByTestId("member-count")).toHaveText("1");
  await expect(corporate.getByTestId("member-count")).toHaveText("2");
  await expect(honbu).toContainText("森　一郎");
  await expect(corporate).toContainText("田中　花子");
  expect(await top(first)).toBe(await top(second));
  expect(await top(honbu)).toBeLessThan(await top(first));
  expect(await top(first)).toBeLessThan(await top(corporate));
  expect(await top(corporate)).toBe(await top(east));

  // The group's members, and from there a member's staff record.
  await corporate.locator(".oc-name").click();
  const panel = page.getByRole("region", { name: "法人営業課" });
  await expect(panel).toContainText("営業本部 › 第一営業部");
  await expect(panel).toContainText("メンバー（2名）");
  await panel.getByRole("button", { name: /鈴木\s次郎/ }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/staff\\?.*staff_id=${tree.suzuki}`));
  await expect(page.getByRole("dialog", { name: "スタッフ情報" })).toContainText("鈴木　次郎");

  // Drag 東日本営業課 onto 第一営業部: asked first, then moved.
  await openCanvas(page);
  await dragOnto(page, card(page, "東日本営業課"), card(page, "第一営業部"));
  const dialog = page.getByRole("dialog", { name: "グループの移動" });
  await expect(dialog).toContainText("東日本営業課 を 第一営業部 の配下に移動しますか？");
  await expect(dialog).toContainText("現在の上位グループ：第二営業部");
  await dialog.getByRole("button", { name: "移動する" }).click();
  await expect(page.getByText("東日本営業課 を 第一営業部 の配下に移動しました")).toBeVisible();
  await expect(page.getByRole("region", { name: "東日本営業課" })).toContainText("営業本部 › 第一営業部");

  const moved = await api.ok(getGroupContract, { params: { id: tree.east } }, { token: owner.token });
  expect(moved.parent_id).toBe(tree.first);

  // Still there after a reload: both 課 now hang under 第一営業部, stacked in a column.
  await page.reload();
  await expect(page.getByTestId("org-canvas-frame")).toHaveAttribute("data-ready", "true");
  await card(page, "東日本営業課").locator(".oc-name").click();
  const eastPanel = page.getByRole("region", { name: "東日本営業課" });
  await expect(eastPanel).toContainText("営業本部 › 第一営業部");
  expect(await top(card(page, "東日本営業課"))).toBeGreaterThan(await top(card(page, "法人営業課")));

  // A group cannot go under its own subtree: refused on the spot, nothing asked.
  await eastPanel.getByRole("button", { name: "閉じる" }).click();
  await dragOnto(page, card(page, "営業本部"), card(page, "法人営業課"));
  await expect(
    page.getByText("グループを、そのグループ自身やその下位グループの下へ移動することはできません。"),
  ).toBeVisible();
  await expect(page.getByRole("dialog", { name: "グループの移動" })).toHaveCount(0);

  // Someone else deletes 第二営業部 meanwhile: the open chart follows the live update without a reload.
  const response = await api.call(deleteGroupContract, { params: { id: tree.second } }, { token: owner.token });
  expect(response.status).toBe(200);
  await expect(card(page, "第二営業部")).toHaveCount(0);
  await expect(page.getByText("計4グループ")).toBeVisible();
});

test("a workspace without groups says where to make them, and a member sees the chart without moving groups", async ({
  page,
  browser,
}) => {
  const owner = await createOwner("株式会社からっぽ");
  const member = await addStaff(owner, "member");

  // No groups yet: the owner is sent to the group definition.
  await signIn(page, owner.email);
  await page.goto("/organization/canvas");
  await expect(page.getByText("グループがまだありません")).toBeVisible();
  await page.getByRole("link", { name: "グループを作成する" }).click();
  await expect(page).toHaveURL(/\/organization\/definition\/group/);

  // A member (no manage_groups) reads the chart; dragging a group moves nothing.
  await buildTree(owner);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "ja-JP" });
  const memberPage = await context.newPage();
  await signIn(memberPage, member.email);
  await openCanvas(memberPage);
  await expect(memberPage.getByText("ドラッグして別のグループに重ねると", { exact: false })).toHaveCount(0);
  await expect(card(memberPage, "東日本営業課").getByTestId("member-count")).toHaveText("1");
  await dragOnto(memberPage, card(memberPage, "東日本営業課"), card(memberPage, "第一営業部"));
  await expect(memberPage.getByRole("dialog", { name: "グループの移動" })).toHaveCount(0);
  const tree = await api.ok(
    listGroupTreeContract,
    { query: { workspace_id: owner.workspaceId } },
    { token: owner.token },
  );
  const parentOf = (name: string) => tree.items.find((item) => item.name === name)?.parent_id;
  expect(parentOf("東日本営業課")).toBe(tree.items.find((item) => item.name === "第二営業部")?.id ?? "missing");
  await context.close();
});
