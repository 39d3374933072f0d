import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useNavigate } from "@tanstack/react-router";
import type { TokenSet } from "@tasuki/contract/auth/auth.schema";
import { useEffect, useState } from "react";
import { AuthCard } from "../../../components/auth-card.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { SNS_PROVIDER_NAMES } from "../../../components/sns-icons.tsx";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { LOGIN_TOAST_AUTO_CLOSE_MS } from "../../../lib/constants.ts";
import { showToast } from "../../../lib/toast.tsx";
import { INVITATION_PATH, LANDING_PATH } from "../../../session/navigation-rules.ts";
import { pendingInvitationToken } from "../../../session/pending-invitation.ts";
import { signIn, updateSessionUser } from "../../../session/session.ts";
import { clearPendingSns, type PendingSns, readPendingSns } from "../../../session/sns-pending.ts";
import { linkSns } from "../../user/api/link-sns.ts";
import { loginWithSns } from "../api/login-with-sns.ts";
import { signupWithSns } from "../api/signup-with-sns.ts";

export interface SnsCallbackSearch {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

type Outcome = { kind: "signed_in" } | { kind: "linked"; provider: PendingSns["provider"] };

// The provider's code works once: StrictMode's second effect run (and a re-render) must reuse the first call.
const inFlight = new Map<string, Promise<Outcome>>();

async function finish(pending: PendingSns, code: string, state: string): Promise<Outcome> {
  const body = { provider: pending.provider, code, state };
  if (pending.purpose === "link") {
    updateSessionUser(await linkSns(body));
    return { kind: "linked", provider: pending.provider };
  }
  const tokens: TokenSet = pending.purpose === "signup" ? await signupWithSns(body) : await loginWithSns(body);
  await signIn(tokens);
  return { kind: "signed_in" };
}

/** Where the provider sends the user back: finishes the login, sign-up or account link it started. */
export function SnsCallbackPage({ search }: { search: SnsCallbackSearch }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [purpose] = useState(() => readPendingSns()?.purpose ?? "login");

  useEffect(() => {
    const pending = readPendingSns();
    if (search.error) {
      setError(
        search.error === "access_denied"
          ? "外部サービスでの認証がキャンセルされました。"
          : `外部サービスでの認証に失敗しました。（${search.error_description ?? search.error}）`,
      );
      clearPendingSns();
      return;
    }
    if (!pending || !search.code || !search.state) {
      setError("認証情報が見つかりませんでした。お手数ですが、最初からやり直してください。");
      return;
    }
    const key = `${search.state}:${search.code}`;
    let promise = inFlight.get(key);
    if (!promise) {
      promise = finish(pending, search.code, search.state);
      inFlight.set(key, promise);
    }
    let cancelled = false;
    promise.then(
      async (outcome) => {
        clearPendingSns();
        if (cancelled) return;
        if (outcome.kind === "linked") {
          showToast(`${SNS_PROVIDER_NAMES[outcome.provider]}アカウントを連携しました`, { type: "success" });
          await navigate({ to: "/mypage/profile", replace: true });
        } else {
          showToast("ログインしました", { type: "success", autoClose: LOGIN_TOAST_AUTO_CLOSE_MS });
          // A new user without a workspace is sent on to the create-workspace step by the navigation rules;
          // one who came from an invitation link goes back to it to join.
          const invitation = pendingInvitationToken();
          if (invitation) await navigate({ to: INVITATION_PATH, search: { token: invitation }, replace: true });
          else if (pending.returnTo) await navigate({ href: pending.returnTo, replace: true });
          else await navigate({ to: LANDING_PATH, replace: true });
        }
      },
      (failure: unknown) => {
        clearPendingSns();
        if (!cancelled) setError(apiErrorMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [search, navigate]);

  const backTo = purpose === "link" ? "/mypage/profile" : purpose === "signup" ? "/auth/signup" : "/auth";
  const backLabel =
    purpose === "link" ? "マイページに戻る" : purpose === "signup" ? "新規登録に戻る" : "ログイン画面に戻る";

  if (error) {
    return (
      <AuthCard title="認証できませんでした">
        <Stack spacing={3} sx={{ alignItems: "center" }}>
          <Alert severity="error" sx={{ width: "100%" }}>
            {error}
          </Alert>
          <ButtonLink to={backTo} variant="contained" size="large" fullWidth>
            {backLabel}
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="認証しています">
      <Box sx={{ display: "grid", placeItems: "center", gap: 2, py: 3 }} role="status" aria-live="polite">
        <CircularProgress />
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          外部サービスの認証結果を確認しています。しばらくお待ちください…
        </Typography>
      </Box>
    </AuthCard>
  );
}
