import { type Browser, test as base, expect, type Page } from "@playwright/test";

export { expect };

export const PASSWORD = "Sakura-2026-tasuki";

let counter = 0;
export function uniqueEmail(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@example.co.jp`;
}

/** The newest 6-digit code mailed to an address (read from the SMTP catcher's inbox). */
export async function latestCode(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${process.env.E2E_INBOX_URL}/?to=${encodeURIComponent(email)}`);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    const withCode = items.slice(after).filter((mail) => /確認コード: \d{6}/.test(mail.text));
    const last = withCode.at(-1);
    if (last) return /確認コード: (\d{6})/.exec(last.text)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

export async function mailCount(email: string): Promise<number> {
  const response = await fetch(`${process.env.E2E_INBOX_URL}/?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { items: unknown[] }).items.length;
}

export const test = base.extend<{ page: Page }>({
  // The server's address is known only after the global setup started it.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

/** A second person at another computer: their own cookies and stored tokens, as the journeys' own browser. */
export async function secondBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 1280, height: 800 },
  });
  return { context, page: await context.newPage() };
}
