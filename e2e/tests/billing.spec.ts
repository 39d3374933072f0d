import { readFileSync } from "node:fs";
import { newWorkspaceUserContract } from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { addStaff, createOwner, signIn } from "../support/organization.ts";

/**
 * Billing: a new workspace on its premium trial chooses the standard plan paid monthly by card (a test card of the
 * local provider, chosen in the plan dialog), pays at once and downloads the invoice's PDF; the owner then stops
 * the workspace, which reads but refuses edits under its banner, and restores it. A member meets the friendly 403.
 */

test("the trial's owner chooses standard monthly, pays by test card, downloads the invoice, disables and restores", async ({
  page,
}) => {
  // The whole purchase, a download, then disable and restore.
  test.slow();
  const owner = await createOwner("株式会社ひまわり設計");
  await signIn(page, owner.email);

  const trial = page.getByRole("alert").filter({ hasText: "無料トライアル中です" });
  // The first page of a session loads the app: generous on a busy machine.
  await expect(trial).toContainText("残り30日", { timeout: 60_000 });
  await trial.getByRole("link", { name: "プランを選ぶ" }).click();
  await expect(page).toHaveURL(/\/mypage\/plan-and-invoice$/);
  await expect(page.getByRole("heading", { name: "プランと請求書" })).toBeVisible();

  const standard = page.getByRole("region", { name: "スタンダードプラン" });
  await expect(page.getByRole("button", { name: "月払い" })).toHaveAttribute("aria-pressed", "true");
  await standard.getByRole("button", { name: "申し込む" }).click();
  const dialog = page.getByRole("dialog", { name: "スタンダードプラン（月払い）" });
  // One active staff member: ¥600 + 10% tax.
  await expect(dialog).toContainText("¥660／月（税込・1人）");
  await expect(dialog.getByText("カードが登録されていません")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "申し込む" })).toBeDisabled();

  await dialog.getByRole("button", { name: "カードを追加" }).click();
  const cardDialog = page.getByRole("dialog", { name: "カードを追加" });
  await cardDialog.getByRole("radio", { name: /Visa（決済成功）/ }).check();
  await cardDialog.getByRole("button", { name: "登録する" }).click();
  await expect(cardDialog).toHaveCount(0);
  await expect(dialog).toContainText("お申し込みと同時にVisa •••• 4242に1か月分 ¥660（税込）を請求します。");
  await dialog.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByText("お申し込みを受け付けました。請求書を発行しました。")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The first period is invoiced at once and charged to the card.
  const invoices = page.getByRole("table", { name: "請求書一覧" });
  const row = invoices.getByRole("row").filter({ hasText: /TSK-\d{6}/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("¥660");
  await expect(row).toContainText("支払済み");
  await expect(page.getByText("無料トライアル中です")).toHaveCount(0);
  const number = /TSK-\d{6}/.exec((await row.textContent()) ?? "")![0];
  const downloading = page.waitForEvent("download");
  await row.getByRole("button", { name: `請求書 ${number} のPDFをダウンロード` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`請求書_${number}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");

  // The owner stops the workspace on request: it reads, refuses edits, and says why.
  await page.getByRole("button", { name: "利用を停止する" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "停止する" }).click();
  const banner = page.getByRole("alert").filter({ hasText: "ワークスペースは閲覧のみです" });
  await expect(banner).toContainText("オーナーの操作により");

  // Through the app's own menu: the banner stays above every page.
  await page.getByRole("link", { name: "タスク", exact: true }).first().click();
  await expect(page).toHaveURL(/\/task/);
  await expect(banner).toBeVisible();
  await page.getByRole("button", { name: "タスクを追加" }).first().click();
  await page.getByLabel("新しいタスク名").fill("請求書を確認する");
  await page.getByLabel("新しいタスク名").press("Enter");
  await expect(page.getByText("このワークスペースは現在閲覧のみです", { exact: false })).toBeVisible();
  await expect(page.getByRole("row", { name: "請求書を確認する" })).toHaveCount(0);

  await banner.getByRole("button", { name: "復元する" }).click();
  await expect(page.getByText("ワークスペースを復元しました")).toBeVisible();
  await expect(banner).toHaveCount(0);
  if ((await page.getByLabel("新しいタスク名").count()) === 0) {
    await page.getByRole("button", { name: "タスクを追加" }).first().click();
  }
  await page.getByLabel("新しいタスク名").fill("請求書を確認する");
  await page.getByLabel("新しいタスク名").press("Enter");
  await expect(page.getByRole("row", { name: "請求書を確認する" })).toBeVisible();
});

test("a member without the billing permission meets the friendly 403 and no billing menu", async ({ page }) => {
  const owner = await createOwner("株式会社あさひ物流");
  const member = await addStaff(owner, "member");
  await signIn(page, member.email);
  await page.goto("/mypage/payment-setting");
  await expect(page.getByRole("heading", { name: "このページを表示する権限がありません" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("alert")).toContainText("お支払い設定は、オーナー");
  const menu = page.getByRole("navigation", { name: "マイページメニュー", exact: true });
  await expect(menu.getByRole("link", { name: "プロフィール" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "プランと請求書" })).toHaveCount(0);
  await page.goto("/mypage/plan-and-invoice");
  await expect(page.getByRole("heading", { name: "このページを表示する権限がありません" })).toBeVisible({
    timeout: 60_000,
  });
});

test("a workspace of six staff is not offered フリー; the dialog names the method and says a yearly change is 予約; the method follows the company's choice", async ({
  page,
}) => {
  test.slow();
  const owner = await createOwner("株式会社むつみ製作所");
  // Five invitations: six seats, over フリー's five (invited staff take their seat).
  for (let i = 0; i < 5; i += 1) {
    await api.ok(
      newWorkspaceUserContract,
      {
        body: {
          workspace_id: owner.workspaceId,
          email: `mutsumi-${i}-${Date.now()}@example.jp`,
          last_name: "佐藤",
          first_name: `${i + 1}郎`,
        },
      },
      { token: owner.token },
    );
  }
  await signIn(page, owner.email, { timeout: 60_000 });
  await page.goto("/mypage/plan-and-invoice");
  const misfit = "フリープランはスタッフ5人まで（招待中を含め現在6人）のため、お選びいただけません。";
  const free = page.getByRole("region", { name: "フリープラン" });
  await expect(free.getByRole("button", { name: "フリープランで続ける" })).toBeDisabled({ timeout: 60_000 });
  await expect(free).toContainText(misfit);

  // A new contract by 請求書払い: the dialog says what is invoiced when.
  await page.getByRole("region", { name: "スタンダードプラン" }).getByRole("button", { name: "申し込む" }).click();
  const apply = page.getByRole("dialog", { name: "スタンダードプラン（月払い）" });
  await apply.getByRole("radio", { name: "請求書払い（銀行振込）" }).check();
  await expect(apply).toContainText("お申し込みと同時に1か月分 ¥660（税込）の請求書を発行します");
  await apply.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByText("お申し込みを受け付けました。請求書を発行しました。")).toBeVisible();
  await expect(free.getByRole("button", { name: "このプランに変更" })).toBeDisabled();
  await expect(free).toContainText(misfit);

  // Monthly → yearly is 予約 from the period's end, said before confirming, with the method it is paid by.
  await page.getByRole("button", { name: "年払い" }).click();
  await page
    .getByRole("region", { name: "スタンダードプラン" })
    .getByRole("button", { name: "このプランに変更" })
    .click();
  const yearly = page.getByRole("dialog", { name: "スタンダードプラン（年払い）" });
  await expect(yearly).toContainText("お支払い方法請求書払い（銀行振込）");
  const note = yearly.getByRole("note");
  await expect(note).toHaveText(
    /^この変更は予約です。(\d{4}年\d{1,2}月\d{1,2}日)（現在の期間の終了後）からスタンダードプラン（年払い）に切り替わります。\1に1年分 ¥6,600（税込）の請求書を発行します（お支払期限は翌月末、金融機関の休業日は翌営業日）。それまでは現在のプランのままです。$/,
  );
  const switchDay = /予約です。(\d{4}年\d{1,2}月\d{1,2}日)/.exec((await note.textContent()) ?? "")![1]!;
  await yearly.getByRole("button", { name: "変更を予約する" }).click();
  await expect(page.getByText(`プランの変更を予約しました（${switchDay}に切り替わります）`)).toBeVisible();
  await expect(page.getByText(`${switchDay}からスタンダードプラン（年払い）に変更します。`)).toBeVisible();

  // A card registered leaves 請求書払い until the company switches; then the card pays the next invoices.
  await page.goto("/mypage/payment-setting");
  const method = page.getByRole("region", { name: "お支払い方法" });
  await expect(method).toContainText("請求書払い（銀行振込）", { timeout: 60_000 });
  await expect(method.getByRole("button", { name: "カード払いに切り替える" })).toBeDisabled();
  await page.getByRole("button", { name: "カードを追加" }).click();
  const cardDialog = page.getByRole("dialog", { name: "カードを追加" });
  await cardDialog.getByRole("radio", { name: /Visa（決済成功）/ }).check();
  await cardDialog.getByRole("button", { name: "登録する" }).click();
  await expect(method).toContainText("お支払いは請求書払いのままです");
  await method.getByRole("button", { name: "カード払いに切り替える" }).click();
  const confirm = page.getByRole("dialog", { name: "お支払い方法を変更しますか？" });
  await expect(confirm).toContainText(`次回の請求（${switchDay}）から、Visa •••• 4242でお支払いいただきます。`);
  await confirm.getByRole("button", { name: "変更する" }).click();
  await expect(method).toContainText("クレジットカード（Visa •••• 4242）");
  await expect(method.getByRole("button", { name: "請求書払いに切り替える" })).toBeEnabled();
});
