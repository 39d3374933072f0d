import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-error.ts";
import { apiErrorMessage, GENERIC_ERROR_MESSAGE, isSessionEndedError } from "./api-error-message.ts";

describe("apiErrorMessage", () => {
  it("shows the server's message when it sent one", () => {
    const error = new ApiRequestError({
      status: 401,
      message: "メールアドレスまたはパスワードが正しくありません",
      dev_message: "Invalid credentials",
      code: "invalid_credentials",
    });
    expect(apiErrorMessage(error)).toBe("メールアドレスまたはパスワードが正しくありません");
  });

  it("falls back to the generic text with the dev_message in brackets", () => {
    const error = new ApiRequestError({
      status: 502,
      message: "",
      dev_message: "HTTP 502 Bad Gateway",
      code: "http_502",
    });
    expect(apiErrorMessage(error)).toBe(
      "一時的なエラーが発生しました。しばらくしてから再度お試しください。[HTTP 502 Bad Gateway]",
    );
  });

  it("uses the error message of other errors", () => {
    expect(apiErrorMessage(new TypeError("Failed to fetch"))).toBe(`${GENERIC_ERROR_MESSAGE}[Failed to fetch]`);
    expect(apiErrorMessage("boom")).toBe(`${GENERIC_ERROR_MESSAGE}[boom]`);
  });
});

describe("isSessionEndedError", () => {
  it("is true only for failures that ended the session", () => {
    const ended = new ApiRequestError({ status: 401, message: "", dev_message: "revoked", code: "unauthorized" });
    ended.sessionEnded = true;
    const wrongPassword = new ApiRequestError({ status: 401, message: "違います", dev_message: "x", code: "invalid" });
    expect(isSessionEndedError(ended)).toBe(true);
    expect(isSessionEndedError(wrongPassword)).toBe(false);
    expect(isSessionEndedError(new Error("x"))).toBe(false);
  });
});
