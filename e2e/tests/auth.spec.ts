import { createUser } from "../support/api.ts";
import { expect, latestCode, mailCount, PASSWORD, test, uniqueEmail } from "../support/fixtures.ts";

test("a new user signs up with the mailed code, creates a workspace, stays signed in and logs out", async ({
  page,
}) => {
  const email = uniqueEmail("signup");
  await page.goto("/auth/signup");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByRole("button", { name: "次へ" }).click();

  await page.getByLabel("確認コード").fill(await latestCode(email));
  await page.getByRole("button", { name: "確認" }).click();

  await page.getByLabel("姓", { exact: true }).fill("山田");
  await page.getByLabel("名", { exact: true }).fill("太郎");
  await page.getByLabel("セイ", { exact: true }).fill("ヤマダ");
  await page.getByLabel("メイ", { exact: true }).fill("タロウ");
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "登録する" }).click();

  await page.getByLabel("ワークスペース名").fill("株式会社たすきテスト");
  await page.getByRole("button", { name: "作成する" }).click();

  await expect(page).toHaveURL(/\/task/);
  await expect(page.getByText("株式会社たすきテスト").first()).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/task/);
  await expect(page.getByRole("button", { name: "ユーザーメニュー" })).toBeVisible();

  await page.getByRole("button", { name: "ユーザーメニュー" }).click();
  await page.getByRole("menuitem", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("ログアウトしました")).toBeVisible();

  // Signed out for good: a reload stays on the login page.
  await page.goto("/task");
  await expect(page).toHaveURL(/\/auth$/);
});

test("a user resets the password and signs in with the new one", async ({ page }) => {
  const user = await createUser({ workspace: "株式会社リセット" });
  await page.goto("/auth");
  await page.getByRole("link", { name: "パスワードをお忘れの方" }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  // The address changes before the new page is shown: until then the login form, with its own メールアドレス, is
  // still the one on screen.
  await expect(page.getByRole("heading", { name: "パスワードの再設定" })).toBeVisible();

  const before = await mailCount(user.email);
  await page.getByLabel("メールアドレス").fill(user.email);
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByLabel("確認コード").fill(await latestCode(user.email, before));
  await page.getByRole("button", { name: "確認" }).click();

  const newPassword = "Momiji-autumn-2026";
  await page.getByLabel("新しいパスワード", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: /変更|再設定/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "ログイン", exact: true })).toBeVisible();

  await page.getByLabel("メールアドレス").fill(user.email);
  await page.getByLabel("パスワード", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/task/);
  await expect(page.getByText("ログインしました")).toBeVisible();
});

test("a wrong password shows the error toast and stays on the login page", async ({ page }) => {
  const user = await createUser({ workspace: "株式会社まちがい" });
  await page.goto("/auth");
  await page.getByLabel("メールアドレス").fill(user.email);
  await page.getByLabel("パスワード", { exact: true }).fill("Wrong-password-2026");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByText("メールアドレスまたはパスワードが正しくありません。")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test("a signed-out visit to /mypage/profile goes to /auth", async ({ page }) => {
  await page.goto("/mypage/profile");
  // The login page keeps the page asked for, to open it once signed in.
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmypage%2Fprofile$/);
  await expect(page.getByRole("button", { name: "ログイン", exact: true })).toBeVisible();
});
