import type { Page, Route } from "@playwright/test";
import { newGroupContract } from "@tasuki/contract/group/group.contracts";
import { getMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { putOfficialPositionContract } from "@tasuki/contract/workspace/put-official-positions.contract";
import {
  acceptInvitationContract,
  newWorkspaceUserContract,
} from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { api, createUser } from "../support/api.ts";
import { expect as baseExpect, mailCount, test, uniqueEmail } from "../support/fixtures.ts";
import { accessToken, latestInvitationToken, signIn } from "../support/organization.ts";
import { taskTeam } from "../support/tasks.ts";

/**
 * Staff pickers and the mention list: the rows shown are always the answer to the text in the field, however the
 * server's answers arrive (the answer to 「松本」 is held back here while the first answer is long on screen), and
 * each person shows 所属 and 役職, with the meeting's or task's own people first, so that two 松本 芽衣 can be told
 * apart.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

/** A company with two 松本 芽衣 in different 課 and 役職, and two people who sort before them (阿部, 石井). */
async function namesakes() {
  const team = await taskTeam("株式会社同姓同名");
  const { token, workspaceId } = team.owner;
  const position = async (name: string, rank: number) =>
    (await api.ok(putOfficialPositionContract, { params: { id: workspaceId }, body: { name, rank } }, { token })).id;
  const group = async (name: string) =>
    (await api.ok(newGroupContract, { body: { workspace_id: workspaceId, name } }, { token })).id;
  const [kacho, shunin, sales, dev] = [
    await position("課長", 3),
    await position("主任", 5),
    await group("営業一課"),
    await group("開発二課"),
  ];
  // Invited people are offered by the pickers; the mention list offers only those who have joined.
  const staff = async (last: string, first: string, lastKana: string, firstKana: string, extra = {}) => {
    const joined = "group_ids" in extra ? await createUser() : null;
    const email = joined?.email ?? uniqueEmail("namesake");
    const before = joined ? await mailCount(email) : 0;
    const { id } = await api.ok(
      newWorkspaceUserContract,
      {
        body: {
          workspace_id: workspaceId,
          email,
          last_name: last,
          first_name: first,
          last_name_kana: lastKana,
          first_name_kana: firstKana,
          role: "member",
          ...extra,
        },
      },
      { token },
    );
    if (joined) {
      const invitation = await latestInvitationToken(email, before);
      await api.ok(acceptInvitationContract, { body: { token: invitation } }, { token: await accessToken(email) });
    }
    return id;
  };
  await staff("阿部", "恵", "アベ", "メグミ");
  await staff("石井", "麻衣", "イシイ", "マイ");
  // Made in this order, the 営業 one comes first among namesakes when nothing ranks them.
  const salesMatsumoto = await staff("松本", "芽衣", "マツモト", "メイ", {
    group_ids: [sales],
    main_group_id: sales,
    official_position_id: kacho,
  });
  const devMatsumoto = await staff("松本", "芽衣", "マツモト", "メイ", {
    group_ids: [dev],
    main_group_id: dev,
    official_position_id: shunin,
  });
  return { team, salesMatsumoto, devMatsumoto };
}

/**
 * Holds back the staff search answers for one text until `release` is called; the others pass. `asked` settles
 * when the held text's request has reached the page's network (so the page has already sent it).
 */
async function holdSearch(page: Page, text: string) {
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const held: Route[] = [];
  let released = false;
  const isSearch = (url: URL) => url.pathname === "/app/workspace-user/list";
  await page.route(isSearch, async (route) => {
    if (!released && new URL(route.request().url()).searchParams.get("q") === text) {
      held.push(route);
      asked();
      return;
    }
    await route.continue();
  });
  return {
    asked: wasAsked,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test("a picker shows only the answer to the text typed, with 所属 and 役職; the meeting's people come first", async ({
  page,
}) => {
  const { team, devMatsumoto } = await namesakes();
  await signIn(page, team.owner.email);
  await page.goto("/communication/meeting");
  await page.getByRole("button", { name: "会議を作成" }).click();
  const dialog = page.getByRole("dialog", { name: "会議を作成" });
  await dialog.getByLabel("会議名").fill("新製品の打ち合わせ");

  // The list opened on an empty field shows everyone from ア: 阿部 恵 first.
  const participants = dialog.getByLabel("参加者");
  await participants.click();
  await expect(page.getByRole("option").first()).toContainText("阿部　恵");

  // 「松本」 typed quickly while the server is slow to answer it: the earlier rows are gone at once.
  const search = await holdSearch(page, "松本");
  await participants.pressSequentially("松本");
  await search.asked;
  await expect(page.getByText("検索中…")).toBeVisible();
  await expect(page.getByRole("option")).toHaveCount(0);
  await search.release();

  // Two 松本 芽衣, told apart by 所属 and 役職.
  const options = page.getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText("課長");
  await expect(options.nth(0)).toContainText("営業一課");
  await expect(options.nth(1)).toContainText("主任");
  await expect(options.nth(1)).toContainText("開発二課");
  await options.filter({ hasText: "開発二課" }).click();
  await dialog.getByRole("button", { name: "作成", exact: true }).click();
  await expect(page).toHaveURL(/\/communication\/meeting\/[0-9a-f-]{36}$/);
  const meetingId = page.url().split("/").at(-1)!;
  const meeting = await api.ok(getMeetingContract, { params: { id: meetingId } }, { token: team.owner.token });
  expect(meeting.participants.map((person) => person.id)).toEqual([devMatsumoto]);

  // The action item's 担当者: the meeting's own 松本 芽衣 (開発二課) is offered first.
  await page.getByLabel("担当者").fill("松本");
  await expect(page.getByRole("option")).toHaveCount(2);
  await expect(page.getByRole("option").first()).toContainText("開発二課");
});

test("the mention list shows only the answer to the text after @, with 所属 and 役職, the task's people first", async ({
  page,
}) => {
  const { team, devMatsumoto } = await namesakes();
  const task = await api.ok(
    newTaskContract,
    {
      body: {
        workspace_id: team.owner.workspaceId,
        title: "見積書を送る",
        assignee_id: devMatsumoto,
      },
    },
    { token: team.owner.token },
  );
  await signIn(page, team.owner.email);
  await page.goto(`/task/me?task=${task.id}`);
  const drawer = page.getByRole("dialog", { name: "タスク詳細" });
  const editor = drawer.getByRole("textbox", { name: "コメント" });
  await editor.click();
  await editor.pressSequentially("@");
  const list = page.getByRole("menu", { name: "メンションの候補" });
  await expect(list.getByRole("menuitem").first()).toBeVisible();

  const search = await holdSearch(page, "松本");
  await editor.pressSequentially("松本");
  await search.asked;
  await expect(page.getByRole("status").filter({ hasText: "検索中…" })).toBeVisible();
  await expect(list).toHaveCount(0);
  await search.release();

  // The task's assignee (開発二課) first, then the namesake of 営業一課.
  const items = list.getByRole("menuitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("松本　芽衣");
  await expect(items.nth(0)).toContainText("主任");
  await expect(items.nth(0)).toContainText("開発二課");
  await expect(items.nth(1)).toContainText("課長");
  await expect(items.nth(1)).toContainText("営業一課");
  await editor.press("Enter");
  await drawer.getByRole("button", { name: "コメントする" }).click();
  await expect(drawer.getByRole("list", { name: "コメント" })).toContainText("@松本　芽衣");
});
