import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client.ts";
import { apiErrorMessage, GENERIC_ERROR_MESSAGE } from "./api-error-message.ts";

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
