import type { Page } from "@playwright/test";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import {
  acceptInvitationContract,
  newWorkspaceUserContract,
} from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { api, createUser } from "../support/api.ts";
import { expect, latestCode, PASSWORD, secondBrowser, test, uniqueEmail } from "../support/fixtures.ts";
import { accessToken } from "../support/organization.ts";

/** The link of the newest invitation mailed to an address. */
async function invitationLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${process.env.E2E_INBOX_URL}/?to=${encodeURIComponent(email)}`);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    const link = items
      .map((mail) => /(https?:\/\/\S+\/invitation\?token=\S+)/.exec(mail.text)?.[1])
      .filter(Boolean)
      .at(-1);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/task/);
}

test("an owner invites a staff member by mail; the invitee signs up from the link, joins and shows as 利用中", async ({
  page,
  browser,
}) => {
  // Two people's whole sign-up journeys, one after the other.
  test.slow();
  const workspaceName = "株式会社招待テスト";
  const owner = await createUser({ workspace: workspaceName });
  await logIn(page, owner.email);
  await page.goto("/organization/staff");
  await expect(page.getByRole("heading", { name: "スタッフ" })).toBeVisible();

  const inviteeEmail = uniqueEmail("invitee");
  await page.getByRole("button", { name: "スタッフを招待" }).first().click();
  const dialog = page.getByRole("dialog", { name: "スタッフを招待" });
  await dialog.getByLabel("姓", { exact: true }).fill("中村");
  await dialog.getByLabel("名", { exact: true }).fill("拓也");
  await dialog.getByLabel("セイ", { exact: true }).fill("ナカムラ");
  await dialog.getByLabel("メイ", { exact: true }).fill("タクヤ");
  await dialog.getByLabel("メールアドレス").fill(inviteeEmail);
  await dialog.getByLabel("社員番号").fill("E2E-001");
  await dialog.getByRole("button", { name: "招待する" }).click();
  await expect(page.getByText("招待メールを送信しました")).toBeVisible();
  const inviteeRow = page.getByRole("row", { name: /中村\s拓也/ });
  await expect(inviteeRow.getByText("招待中")).toBeVisible();

  // The invitee opens the mailed link in their own browser and signs up from there.
  const link = await invitationLink(inviteeEmail);
  const invitee = await secondBrowser(browser);
  await invitee.page.goto(link);
  await expect(invitee.page.getByText("ワークスペースに招待されています")).toBeVisible();
  await invitee.page.getByRole("link", { name: "新規登録して参加する" }).click();
  await expect(invitee.page).toHaveURL(/\/auth\/signup/);

  await invitee.page.getByLabel("メールアドレス").fill(inviteeEmail);
  await invitee.page.getByRole("button", { name: "次へ" }).click();
  await invitee.page.getByLabel("確認コード").fill(await latestCode(inviteeEmail));
  await invitee.page.getByRole("button", { name: "確認" }).click();
  await invitee.page.getByLabel("姓", { exact: true }).fill("中村");
  await invitee.page.getByLabel("名", { exact: true }).fill("拓也");
  await invitee.page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await invitee.page.getByRole("checkbox").check();
  await invitee.page.getByRole("button", { name: "登録する" }).click();

  // No create-workspace step: they land in the owner's workspace.
  await expect(invitee.page).toHaveURL(/\/task/);
  await expect(invitee.page.getByText(`「${workspaceName}」に参加しました`)).toBeVisible();
  await expect(invitee.page.getByText(workspaceName).first()).toBeVisible();

  // A member without 「スタッフの管理」 sees the staff list read-only.
  await invitee.page.getByRole("link", { name: "組織" }).click();
  await expect(invitee.page.getByRole("table", { name: "スタッフ一覧" })).toBeVisible();
  await expect(invitee.page.getByRole("button", { name: "スタッフを招待" })).toHaveCount(0);
  await invitee.context.close();

  await page.reload();
  await expect(page.getByRole("row", { name: /中村\s拓也/ }).getByText("利用中")).toBeVisible();
});

test("a suspended member is refused at their next step in the workspace", async ({ page, browser }) => {
  const owner = await createUser({ workspace: "株式会社停止テスト" });
  const ownerToken = await accessToken(owner.email);
  const me = await api.ok(getMeContract, {}, { token: ownerToken });
  const workspaceId = me.workspace_users[0]!.workspace_id;

  // The member joins through an invitation (set up through the API; the journey above covers the screens).
  const member = await createUser();
  await api.ok(
    newWorkspaceUserContract,
    { body: { workspace_id: workspaceId, email: member.email, last_name: "小林", first_name: "結衣", role: "member" } },
    { token: ownerToken },
  );
  const token = new URL(await invitationLink(member.email)).searchParams.get("token");
  await api.ok(acceptInvitationContract, { body: { token: token! } }, { token: await accessToken(member.email) });

  const memberBrowser = await secondBrowser(browser);
  // Without the live connection: an open page then learns of the suspension at its next step (with it, the page
  // leaves the workspace at once: realtime.spec.ts).
  await memberBrowser.context.routeWebSocket(/\/app\/realtime/, (socket) => socket.close());
  await logIn(memberBrowser.page, member.email);
  await expect(memberBrowser.page.getByText("株式会社停止テスト").first()).toBeVisible();

  // The owner suspends them from the staff page, confirming first.
  await logIn(page, owner.email);
  await page.goto("/organization/staff");
  await page.getByRole("button", { name: /小林\s結衣の操作/ }).click();
  await page.getByRole("menuitem", { name: "停止する" }).click();
  await expect(page.getByRole("dialog", { name: "利用を停止しますか？" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "停止する" }).click();
  await expect(page.getByText(/「小林\s結衣」さんの利用を停止しました/)).toBeVisible();
  await expect(page.getByRole("row", { name: /小林\s結衣/ }).getByText("利用停止中")).toBeVisible();

  // The member's next step in the workspace is refused, with the reason.
  await memberBrowser.page.getByRole("link", { name: "組織" }).click();
  await expect(memberBrowser.page.getByText("このワークスペースを利用できません")).toBeVisible();
  // The page says why (a toast of a refused background refresh may say it too).
  await expect(
    memberBrowser.page.getByRole("main").getByText("このワークスペースへのアクセスは停止されています"),
  ).toBeVisible();
  await expect(memberBrowser.page.getByRole("table")).toHaveCount(0);
  await memberBrowser.context.close();
});
