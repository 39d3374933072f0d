// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../lib/api-error.ts";
import { ErrorPage } from "./error-page.tsx";

afterEach(cleanup);

describe("ErrorPage", () => {
  it("explains the failure in Japanese with the server's message and offers a reload", () => {
    const error = new ApiRequestError({ status: 500, message: "", dev_message: "HTTP 500", code: "http_500" });
    render(<ErrorPage error={error} reset={vi.fn()} info={{ componentStack: "" }} />);
    expect(screen.getByRole("heading", { name: "エラーが発生しました" })).toBeTruthy();
    expect(
      screen.getByText(/一時的なエラーが発生しました。しばらくしてから再度お試しください。\[HTTP 500\]/),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "再読み込み" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "タスク一覧へ戻る" }).getAttribute("href")).toBe("/task");
    expect(document.title).toBe("エラーが発生しました | Tasuki");
  });
});
