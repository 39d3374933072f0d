// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api-error.ts";
import { showErrorToast, showToast } from "./toast.tsx";

afterEach(() => {
  cleanup();
});

describe("showToast", () => {
  it("shows the message with the type's role and an undo button that calls back", async () => {
    render(<ToastContainer />);
    const onUndo = vi.fn();
    act(() => {
      showToast("タスクを削除しました", { type: "success", onUndo });
    });
    expect(await screen.findByText("タスクを削除しました")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "元に戻す" }));
    expect(onUndo).toHaveBeenCalledOnce();
  });

  it("toasts the server message of an API error, and nothing for a session that just ended", async () => {
    render(<ToastContainer />);
    const ended = new ApiRequestError({ status: 401, message: "", dev_message: "revoked", code: "unauthorized" });
    ended.sessionEnded = true;
    act(() => {
      showErrorToast(ended);
      showErrorToast(
        new ApiRequestError({ status: 409, message: "すでに使われています", dev_message: "x", code: "taken" }),
      );
    });
    expect(await screen.findByText("すでに使われています")).toBeTruthy();
    expect(screen.queryByText(/revoked/)).toBeNull();
  });
});
