import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { type Id, toast } from "react-toastify";
import { apiErrorMessage, isSessionEndedError } from "./api-error-message.ts";
import { TOAST_AUTO_CLOSE_MS, TOAST_AUTO_CLOSE_WITH_UNDO_MS } from "./constants.ts";
import { announceUpgradeNeeded, upgradeNeededOf } from "./upgrade-needed.ts";

export type ToastType = "default" | "info" | "success" | "warning" | "error";

export interface ToastOptions {
  type?: ToastType;
  /** Shows a 元に戻す button; the toast then stays 5 s. */
  onUndo?: () => void;
  /** A custom duration in milliseconds (e.g. 10 s for the login toast). */
  autoClose?: number;
}

/** 3 s by default, 5 s with an undo action, or the duration the caller chose. */
export function toastAutoClose(options: Pick<ToastOptions, "onUndo" | "autoClose"> = {}): number {
  if (options.autoClose !== undefined) return options.autoClose;
  return options.onUndo ? TOAST_AUTO_CLOSE_WITH_UNDO_MS : TOAST_AUTO_CLOSE_MS;
}

export function showToast(message: string, options: ToastOptions = {}): Id {
  const { type = "default", onUndo } = options;
  const autoClose = toastAutoClose(options);
  if (!onUndo) return toast(message, { type, autoClose });

  // A render function, not an element: react-toastify passes its own props (closeToast…) to
  // elements it is given, which would land on the DOM.
  return toast(
    ({ closeToast }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", width: "100%" }}>
        <span>{message}</span>
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          sx={{ flexShrink: 0, borderColor: "currentColor" }}
          onClick={() => {
            onUndo();
            closeToast();
          }}
        >
          元に戻す
        </Button>
      </Stack>
    ),
    { type, autoClose },
  );
}

/** The error toast of spec section 8; skipped for a session that just ended (its sign-out says so). */
export function showErrorToast(error: unknown): void {
  if (isSessionEndedError(error)) return;
  // A plan limit opens the upgrade dialog instead (with its link to the plans).
  const upgrade = upgradeNeededOf(error);
  if (upgrade && announceUpgradeNeeded(upgrade)) return;
  showToast(apiErrorMessage(error), { type: "error" });
}
