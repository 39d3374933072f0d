import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect as baseExpect, latestCode, PASSWORD, secondBrowser, test, uniqueEmail } from "../support/fixtures.ts";
import { latestInvitationToken } from "../support/organization.ts";
import { takeCatalogueEntry } from "../support/templates.ts";

/**
 * A company's trial week as one journey, as its owner and a colleague live it: sign up, set up the company (階層,
 * groups), import staff from CSV, invite a colleague who joins, a project from a catalogue template, a task with a
 * comment, a meeting with minutes, the standard plan bought by card, the invoice PDF read back as text, and the
 * 監査ログ that 情シス checks at the end of the week, with every kind of change the week made.
 */

// Each page of the journey is the first of its kind to load on a shared, busy two-core machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 600_000 });

test("a company's trial week: sign-up, organisation, staff import, invitation, template, tasks, meeting, plan, invoice PDF and 監査ログ", async ({
  page,
  browser,
}) => {
  const company = "株式会社みなと商事";
  const ownerEmail = uniqueEmail("trial-owner");

  // 1. The owner signs up with the mailed code and creates the company's workspace.
  await page.goto("/auth/signup");
  await page.getByLabel("メールアドレス").fill(ownerEmail);
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByLabel("確認コード").fill(await latestCode(ownerEmail));
  await page.getByRole("button", { name: "確認" }).click();
  await page.getByLabel("姓", { exact: true }).fill("港");
  await page.getByLabel("名", { exact: true }).fill("陽子");
  await page.getByLabel("セイ", { exact: true }).fill("ミナト");
  await page.getByLabel("メイ", { exact: true }).fill("ヨウコ");
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "登録する" }).click();
  await page.getByLabel("ワークスペース名").fill(company);
  await page.getByRole("button", { name: "作成する" }).click();
  await expect(page).toHaveURL(/\/task/);
  await expect(page.getByText(company).first()).toBeVisible();

  // 2. The company's shape: 部 and 課, 営業部 with 営業一課 under it.
  await page.goto("/organization/definition/layer");
  for (const name of ["部", "課"]) {
    await page.getByLabel("新しい階層名").fill(name);
    await page.getByRole("button", { name: "追加" }).click();
  }
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("階層を保存しました")).toBeVisible();
  await page.goto("/organization/definition/group");
  await page.getByRole("button", { name: "グループを追加" }).first().click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("グループ名").fill("営業部");
  await dialog.getByRole("button", { name: "作成" }).click();
  await expect(page.getByText("「営業部」を作成しました")).toBeVisible();
  await page.getByRole("button", { name: "「営業部」の下にグループを追加" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("グループ名").fill("営業一課");
  await dialog.getByRole("button", { name: "作成" }).click();
  await expect(page.getByText("「営業一課」を作成しました")).toBeVisible();

  // 3. Staff from the CSV that 総務 keeps (UTF-8 with a BOM, as Excel saves it).
  const imported = [uniqueEmail("trial-csv"), uniqueEmail("trial-csv")];
  const csv = [
    "姓,名,セイ,メイ,メールアドレス,社員番号,役職,メイングループ,権限",
    `松本,芽衣,マツモト,メイ,${imported[0]},M-0101,,営業一課,メンバー`,
    `石井,健太,イシイ,ケンタ,${imported[1]},M-0102,,営業部,メンバー`,
  ].join("\r\n");
  const csvFile = path.join(tmpdir(), `trial-staff-${process.pid}.csv`);
  writeFileSync(csvFile, `\uFEFF${csv}\r\n`);
  await page.goto("/organization/staff");
  await page
    .getByRole("button", { name: /インポート/ })
    .first()
    .click();
  await page.getByLabel("CSVファイルを選択").setInputFiles(csvFile);
  dialog = page.getByRole("dialog", { name: "取り込み内容の確認" });
  await expect(dialog.getByText("エラーはありません。")).toBeVisible();
  await dialog.getByRole("button", { name: "取り込む" }).click();
  await expect(page.getByText("2名を招待しました")).toBeVisible();
  await expect(page.getByRole("row", { name: /松本\s芽衣/ }).getByText("招待中")).toBeVisible();

  // 4. A colleague invited by mail joins from the link in their own browser.
  const colleagueEmail = uniqueEmail("trial-colleague");
  await page.getByRole("button", { name: "スタッフを招待" }).first().click();
  dialog = page.getByRole("dialog", { name: "スタッフを招待" });
  await dialog.getByLabel("姓", { exact: true }).fill("中村");
  await dialog.getByLabel("名", { exact: true }).fill("拓也");
  await dialog.getByLabel("セイ", { exact: true }).fill("ナカムラ");
  await dialog.getByLabel("メイ", { exact: true }).fill("タクヤ");
  await dialog.getByLabel("メールアドレス").fill(colleagueEmail);
  await dialog.getByRole("button", { name: "招待する" }).click();
  await expect(page.getByText("招待メールを送信しました")).toBeVisible();
  const invitation = await latestInvitationToken(colleagueEmail);
  const colleague = await secondBrowser(browser);
  await colleague.page.goto(`/invitation?token=${encodeURIComponent(invitation)}`);
  await colleague.page.getByRole("link", { name: "新規登録して参加する" }).click();
  await colleague.page.getByLabel("メールアドレス").fill(colleagueEmail);
  await colleague.page.getByRole("button", { name: "次へ" }).click();
  await colleague.page.getByLabel("確認コード").fill(await latestCode(colleagueEmail));
  await colleague.page.getByRole("button", { name: "確認" }).click();
  await colleague.page.getByLabel("姓", { exact: true }).fill("中村");
  await colleague.page.getByLabel("名", { exact: true }).fill("拓也");
  await colleague.page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await colleague.page.getByRole("checkbox").check();
  await colleague.page.getByRole("button", { name: "登録する" }).click();
  await expect(colleague.page.getByText(`「${company}」に参加しました`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row", { name: /中村\s拓也/ }).getByText("利用中")).toBeVisible();

  // 5. A project, planned from a catalogue template of the company's 業種.
  await page.goto("/organization/project");
  await page.getByRole("button", { name: "プロジェクトを作成" }).first().click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("プロジェクト名").fill("新製品の立ち上げ");
  await dialog.getByRole("button", { name: "作成" }).click();
  await expect(page.getByText("「新製品の立ち上げ」を作成しました")).toBeVisible();
  await page.goto("/tasktpl");
  await page.getByRole("button", { name: /業種別テンプレート集/ }).click();
  const catalogue = page.getByRole("dialog", { name: "業種別テンプレート集" });
  await catalogue.getByLabel("業種").click();
  await page.getByRole("option", { name: "製造業" }).click();
  await catalogue.getByRole("button", { name: /新製品の量産立ち上げ/ }).click();
  await takeCatalogueEntry(catalogue, /新製品の量産立ち上げ/);
  await page.getByRole("button", { name: "使う" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("プロジェクト", { exact: true }).click();
  await page.getByRole("option", { name: "新製品の立ち上げ" }).click();
  await dialog.getByLabel("開始日").fill("2027-01-12");
  await dialog.getByRole("button", { name: "追加する" }).click();
  await expect(page.getByText("テンプレートから大項目1件・中項目3件・タスク9件を追加しました")).toBeVisible();

  // 6. A task of the project, given to the colleague, with a comment that mentions him.
  await page.goto("/organization/project");
  await page
    .getByRole("listitem", { name: "新製品の立ち上げ" })
    .getByRole("link", { name: "新製品の立ち上げ" })
    .click();
  await expect(page).toHaveURL(/\/task\/project/);
  await page.getByRole("button", { name: "試作品の製作", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "タスク詳細" });
  await expect(drawer.getByRole("textbox", { name: "タスク名" })).toHaveValue("試作品の製作");
  const editor = drawer.getByRole("textbox", { name: "コメント" });
  await editor.click();
  await page.keyboard.type("@中村");
  await page.getByRole("menuitem", { name: /中村/ }).click();
  await page.keyboard.type(" 試作の日程を確認してください");
  await page.keyboard.press("Control+Enter");
  await expect(drawer.getByRole("list", { name: "コメント" }).getByRole("listitem")).toContainText(
    "試作の日程を確認してください",
  );
  await drawer.getByRole("button", { name: "閉じる" }).first().click();

  // 7. A meeting with the colleague, its agenda and minutes.
  await page.goto("/communication/meeting");
  await page.getByRole("button", { name: "会議を作成" }).click();
  dialog = page.getByRole("dialog", { name: "会議を作成" });
  await dialog.getByLabel("会議名").fill("試作キックオフ");
  await dialog.getByLabel("参加者").fill("中村");
  await page.getByRole("option", { name: /中村\s拓也/ }).click();
  await dialog.getByRole("button", { name: "作成", exact: true }).click();
  await expect(page.getByRole("heading", { name: "試作キックオフ" })).toBeVisible();
  await page.getByLabel("議題を追加").fill("試作の日程");
  await page.getByLabel("議題を追加").press("Enter");
  await expect(page.getByText("1. 試作の日程")).toBeVisible();
  const minutes = page.getByLabel("議事録", { exact: true }).locator('[contenteditable="true"]');
  await minutes.click();
  await minutes.pressSequentially("試作は2月中に1台目を組み上げる。");
  await expect(page.getByRole("status").filter({ hasText: "保存済み" })).toBeVisible();
  await colleague.context.close();

  // 8. The standard plan, monthly, paid by card; the first invoice is issued at once.
  await page.goto("/mypage/plan-and-invoice");
  await expect(page.getByRole("heading", { name: "プランと請求書" })).toBeVisible();
  await page.getByRole("region", { name: "スタンダードプラン" }).getByRole("button", { name: "申し込む" }).click();
  dialog = page.getByRole("dialog", { name: "スタンダードプラン（月払い）" });
  await dialog.getByRole("button", { name: "カードを追加" }).click();
  const cardDialog = page.getByRole("dialog", { name: "カードを追加" });
  await cardDialog.getByRole("radio", { name: /Visa（決済成功）/ }).check();
  await cardDialog.getByRole("button", { name: "登録する" }).click();
  await expect(dialog).toContainText("Visa •••• 4242");
  await dialog.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByText("お申し込みを受け付けました。請求書を発行しました。")).toBeVisible();
  const row = page
    .getByRole("table", { name: "請求書一覧" })
    .getByRole("row")
    .filter({ hasText: /TSK-\d{6}/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("支払済み");

  // 9. The invoice PDF, read back as 経理 reads it: the company, its dates and the amounts.
  const number = /TSK-\d{6}/.exec((await row.textContent()) ?? "")![0];
  const downloading = page.waitForEvent("download");
  await row.getByRole("button", { name: `請求書 ${number} のPDFをダウンロード` }).click();
  const pdf = execFileSync("pdftotext", ["-layout", await (await downloading).path(), "-"], { encoding: "utf8" });
  baseExpect(pdf).toContain(company);
  baseExpect(pdf).toContain(number);
  baseExpect(pdf).not.toContain("NaN");
  // Two people use it (the owner and the colleague who joined; the imported staff are still invited): 2 × ¥600 + 10 %.
  baseExpect(pdf).toMatch(/発行日：\d{4}年\d{1,2}月\d{1,2}日/);
  baseExpect(pdf).toMatch(/対象期間：\d{4}年\d{1,2}月\d{1,2}日〜\d{4}年\d{1,2}月\d{1,2}日/);
  baseExpect(pdf).toMatch(/登録番号：T\d{13}/);
  baseExpect(pdf).toMatch(/スタンダードプラン（月払い）\s+2\s+¥600\s+¥1,200\s+10%/);
  baseExpect(pdf).toMatch(/消費税（10%）\s+¥120/);
  baseExpect(pdf).toMatch(/合計（税込）\s+¥1,320/);
  baseExpect(pdf).toMatch(/お支払日：\d{4}年\d{1,2}月\d{1,2}日（お支払い済み）/);

  // 10. 監査ログ: every change of the week, the comment included, each labelled in Japanese.
  await page.goto("/organization/audit-log");
  const table = page.getByRole("table", { name: "監査ログ" });
  await expect(table).toBeVisible();
  await expect(table).toContainText("試作品の製作");
  await expect(table).toContainText("コメント");
  await expect(page.getByText(/FORBIDDEN|INTERNAL|task_comment/)).toHaveCount(0);

  // 11. The group's logistics company starts its own workspace and buys the standard plan, yearly, by 請求書払い:
  // the pages that follow are the new workspace's, and its invoice waits for a bank transfer by its due date.
  await page.goto("/mypage/workspace");
  await page.getByRole("button", { name: "ワークスペースを作成" }).first().click();
  dialog = page.getByRole("dialog", { name: "ワークスペースを作成" });
  await dialog.getByLabel("ワークスペース名").fill("みなと物流株式会社");
  await dialog.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByText("「みなと物流株式会社」を作成しました")).toBeVisible();
  await expect(
    page.getByRole("button", { name: /ワークスペースを切り替え（現在: みなと物流株式会社）/ }),
  ).toBeVisible();
  await page.goto("/mypage/plan-and-invoice");
  await expect(
    page.getByRole("table", { name: "請求書一覧" }).getByRole("row").filter({ hasText: /TSK-/ }),
  ).toHaveCount(0);
  await page.getByRole("button", { name: "年払い" }).click();
  await page.getByRole("region", { name: "スタンダードプラン" }).getByRole("button", { name: "申し込む" }).click();
  dialog = page.getByRole("dialog", { name: "スタンダードプラン（年払い）" });
  await dialog.getByRole("radio", { name: "請求書払い（銀行振込）" }).check();
  await dialog.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByText("お申し込みを受け付けました。請求書を発行しました。")).toBeVisible();
  const transfer = page
    .getByRole("table", { name: "請求書一覧" })
    .getByRole("row")
    .filter({ hasText: /TSK-\d{6}/ });
  await expect(transfer).toHaveCount(1);
  await expect(transfer).toContainText("未払い");
  const transferNumber = /TSK-\d{6}/.exec((await transfer.textContent()) ?? "")![0];
  baseExpect(transferNumber).not.toBe(number);
  const downloadingTransfer = page.waitForEvent("download");
  await transfer.getByRole("button", { name: `請求書 ${transferNumber} のPDFをダウンロード` }).click();
  const transferPdf = execFileSync("pdftotext", ["-layout", await (await downloadingTransfer).path(), "-"], {
    encoding: "utf8",
  });
  baseExpect(transferPdf).toContain("みなと物流株式会社 御中");
  baseExpect(transferPdf).not.toContain("NaN");
  baseExpect(transferPdf).toMatch(/スタンダードプラン（年払い）/);
  baseExpect(transferPdf).toMatch(/お支払期限：\d{4}年\d{1,2}月\d{1,2}日/);
  baseExpect(transferPdf).toMatch(/振込/);
});
