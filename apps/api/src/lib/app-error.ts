/**
 * The one error type of the API. The error handler turns it into `{message, dev_message, code}`:
 * `message` is shown to the user as is, so it is Japanese; `dev_message` is for developers.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly messageJa: string;

  constructor(code: string, status: number, messageJa: string, devMessage: string) {
    super(devMessage);
    this.name = "AppError";
    this.code = code;
    this.status = status;
    this.messageJa = messageJa;
  }
}

export const notFound = (what: string) =>
  new AppError("not_found", 404, "お探しのデータが見つかりません。", `${what} not found`);

export const unauthorized = (devMessage = "authentication required", code = "unauthorized") =>
  new AppError(code, 401, "ログインの有効期限が切れました。もう一度ログインしてください。", devMessage);

export const forbidden = (devMessage: string, messageJa = "この操作を行う権限がありません。") =>
  new AppError("forbidden", 403, messageJa, devMessage);

export const badRequest = (code: string, messageJa: string, devMessage: string) =>
  new AppError(code, 400, messageJa, devMessage);

export const conflict = (code: string, messageJa: string, devMessage: string) =>
  new AppError(code, 409, messageJa, devMessage);

export const tooManyRequests = (devMessage: string) =>
  new AppError(
    "rate_limited",
    429,
    "短時間に多くのリクエストがありました。しばらく時間をおいてから再度お試しください。",
    devMessage,
  );
