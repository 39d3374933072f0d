import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

// Slack and Chatwork through their consent pages: the local servers that the global setup started speak their
// APIs, and show what was posted at /_local/posts. The cast is made through the API; the browser does only the
// connecting and linking, and a colleague's assignment (through the API) is what must arrive. Coming back from a
// consent page loads the app anew, which takes a while on a busy machine: those waits are generous.
const RELOADED = { timeout: 60_000 };

interface LocalPosts<T> {
  posts: T[];
}

async function localPosts<T>(base: string | undefined): Promise<T[]> {
  const response = await fetch(`${base}/_local/posts`);
  return ((await response.json()) as LocalPosts<T>).posts;
}

test("connect Slack, link my account by e-mail, and an assignment arrives in my Slack DM", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社スラック連携");
  // The owner is a member of the company's Slack workspace under the same address.
  const slackUserId = `UE2E${Date.now().toString(36).toUpperCase()}`;
  const added = await fetch(`${process.env.E2E_SLACK_URL}/_local/members`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: slackUserId, email: team.owner.email, name: "佐藤 花子" }),
  });
  expect(added.ok).toBe(true);

  await signIn(page, team.owner.email);
  await page.goto("/mypage/external-linkage");
  await page.getByRole("button", { name: "Slackと連携する" }).click();
  // Slack's authorise page (local), then back to 外部連携 with the code.
  await page.getByRole("link", { name: "許可する" }).click();
  await expect(page.getByText("Slackと連携しました")).toBeVisible(RELOADED);
  const slackCard = page.getByRole("region", { name: "Slack" });
  await expect(slackCard.getByText("連携中")).toBeVisible();

  // Within the app (a new page load is the slow part on a busy machine).
  await page.getByRole("link", { name: "Slack 連携" }).click();
  await page.getByRole("button", { name: "メールアドレスで連携する" }).click();
  await expect(page.getByText("Slackアカウントを連携しました")).toBeVisible();
  await expect(page.getByText("連携中")).toBeVisible();

  const task = await createTask(team.member.token, {
    workspace_id: team.owner.workspaceId,
    title: "展示会の見積を確認する",
    project_id: team.project.id,
    assignee_id: team.owner.staffId,
  });
  await expect
    .poll(
      async () =>
        (await localPosts<{ channel: string; text: string; blocks: unknown[] }>(process.env.E2E_SLACK_URL)).filter(
          (post) => post.channel === slackUserId,
        ),
      { timeout: 30_000 },
    )
    .toEqual([
      expect.objectContaining({
        text: expect.stringContaining("展示会の見積を確認する"),
        blocks: expect.arrayContaining([expect.anything()]),
      }),
    ]);
  const [post] = (await localPosts<{ channel: string; blocks: unknown[] }>(process.env.E2E_SLACK_URL)).filter(
    (item) => item.channel === slackUserId,
  );
  // The message's button opens the task in Tasuki.
  expect(JSON.stringify(post!.blocks)).toContain(`task=${task.id}`);
});

test("link my Slack account by Sign in with Slack when my Slack address is another one", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社スラックサインイン");
  // The owner's Slack profile shows a private address: the e-mail match cannot find them.
  const slackUserId = `USIGN${Date.now().toString(36).toUpperCase()}`;
  const slackName = `佐藤 花子 ${slackUserId.slice(-4)}`;
  const added = await fetch(`${process.env.E2E_SLACK_URL}/_local/members`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: slackUserId, email: `${slackUserId.toLowerCase()}@private.example`, name: slackName }),
  });
  expect(added.ok).toBe(true);

  await signIn(page, team.owner.email);
  await page.goto("/mypage/external-linkage");
  await page.getByRole("button", { name: "Slackと連携する" }).click();
  await page.getByRole("link", { name: "許可する" }).click();
  await expect(page.getByText("Slackと連携しました")).toBeVisible(RELOADED);

  await page.getByRole("link", { name: "Slack 連携" }).click();
  await page.getByRole("button", { name: "Slack でサインインして連携" }).click();
  // Sign in with Slack's page (local, OpenID Connect): sign in as oneself, back through 外部連携 to my Slack page.
  await page.getByRole("link", { name: new RegExp(`${slackName}.*としてサインイン`) }).click();
  await expect(page.getByText("Slackと連携しました")).toBeVisible(RELOADED);
  await expect(page).toHaveURL(/\/mypage\/my-external-linkage\/slack$/);
  await expect(page.getByText(slackName)).toBeVisible();

  await createTask(team.member.token, {
    workspace_id: team.owner.workspaceId,
    title: "サインインした人に届くタスク",
    project_id: team.project.id,
    assignee_id: team.owner.staffId,
  });
  await expect
    .poll(
      async () =>
        (await localPosts<{ channel: string; text: string }>(process.env.E2E_SLACK_URL)).filter(
          (post) => post.channel === slackUserId,
        ),
      { timeout: 30_000 },
    )
    .toEqual([expect.objectContaining({ text: expect.stringContaining("サインインした人に届くタスク") })]);
});

test("connect Chatwork, link my own account, and an assignment arrives in my マイチャット", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社チャットワーク連携");
  await signIn(page, team.owner.email);
  await page.goto("/mypage/external-linkage");
  await page.getByRole("button", { name: "Chatworkと連携する" }).click();
  // Chatwork's consent page (local): the workspace's connection by 山田 太郎's account.
  await page.getByRole("link", { name: "山田 太郎 として許可" }).click();
  await expect(page.getByText("Chatworkと連携しました")).toBeVisible(RELOADED);
  await expect(page.getByRole("region", { name: "Chatwork" }).getByText("連携中")).toBeVisible();

  // My own account (鈴木 花子), through the same consent page, back to my Chatwork page.
  await page.getByRole("link", { name: "Chatwork 連携" }).click();
  await page.getByRole("button", { name: "Chatworkアカウントを連携する" }).click();
  await page.getByRole("link", { name: "鈴木 花子 として許可" }).click();
  await expect(page.getByText("Chatworkと連携しました")).toBeVisible(RELOADED);
  await expect(page).toHaveURL(/\/mypage\/my-external-linkage\/chatwork$/);
  await expect(page.getByText("鈴木 花子")).toBeVisible();
  await expect(page.getByText("連携中")).toBeVisible();

  await createTask(team.member.token, {
    workspace_id: team.owner.workspaceId,
    title: "会場の下見を手配する",
    project_id: team.project.id,
    assignee_id: team.owner.staffId,
  });
  await expect
    .poll(
      async () =>
        (
          await localPosts<{ roomId: string; accountId: number; body: string; selfUnread: string }>(
            process.env.E2E_CHATWORK_URL,
          )
        ).filter((post) => post.body.includes("会場の下見を手配する")),
      { timeout: 30_000 },
    )
    .toEqual([
      // 鈴木 花子's マイチャット (100000 + her account), posted with her token and left unread.
      expect.objectContaining({ roomId: String(100_000 + 7002), accountId: 7002, selfUnread: "1" }),
    ]);
});
