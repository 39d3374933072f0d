import GroupAddOutlined from "@mui/icons-material/GroupAddOutlined";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useNavigate } from "@tanstack/react-router";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { useCallback, useEffect, useState } from "react";
import { AuthCard } from "../../../components/auth-card.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { displayName } from "../../../lib/person.ts";
import { showToast } from "../../../lib/toast.tsx";
import { LANDING_PATH } from "../../../session/navigation-rules.ts";
import {
  clearPendingInvitation,
  isPlausibleInvitationToken,
  readPendingInvitation,
  savePendingInvitation,
} from "../../../session/pending-invitation.ts";
import { activeMemberships, getSession, signOut, syncSession, useSession } from "../../../session/session.ts";
import { acceptInvitation } from "../../workspace-user/api/accept-invitation.ts";

// A token works once: StrictMode's second effect run (and a double click) must share the first call.
const inFlight = new Map<string, Promise<WorkspaceUser>>();

function acceptOnce(token: string): Promise<WorkspaceUser> {
  let promise = inFlight.get(token);
  if (!promise) {
    promise = acceptInvitation({ token }).finally(() => inFlight.delete(token));
    inFlight.set(token, promise);
  }
  return promise;
}

const ERROR_TITLES: Record<string, string> = {
  invitation_expired: "招待の有効期限が切れています",
  invitation_invalid: "この招待リンクは使用できません",
  already_member: "すでに参加しています",
  email_taken: "このアカウントでは参加できません",
};

type Stage = { kind: "ready" } | { kind: "joining" } | { kind: "failed"; error: unknown };

/**
 * The link of an invitation mail (`/invitation?token=…`). Signed out, it explains and offers login or
 * sign-up, keeping the token for the end of either; signed in, it joins (at once when the user has just
 * signed in for it, else on 参加する) and lands on the workspace's task list.
 */
export function InvitationPage({ token: tokenFromLink }: { token: string | undefined }) {
  const session = useSession();
  const navigate = useNavigate();
  const [token] = useState(() => (isPlausibleInvitationToken(tokenFromLink) ? tokenFromLink : readPendingInvitation()));
  // Opened signed out and signed in since: the user has already said they want to join.
  const [autoJoin] = useState(() => token !== null && readPendingInvitation() === token);
  const [stage, setStage] = useState<Stage>(
    autoJoin && session.status === "signed_in" ? { kind: "joining" } : { kind: "ready" },
  );
  const signedIn = session.status === "signed_in";

  useEffect(() => {
    if (!signedIn && token) savePendingInvitation(token);
  }, [signedIn, token]);

  const join = useCallback(async () => {
    if (!token) return;
    setStage({ kind: "joining" });
    let staff: WorkspaceUser;
    try {
      staff = await acceptOnce(token);
    } catch (error) {
      clearPendingInvitation();
      setStage({ kind: "failed", error });
      return;
    }
    clearPendingInvitation();
    try {
      await syncSession(staff.workspace_id);
    } catch {
      // The membership exists; the task page loads the session again on its own.
    }
    const current = getSession();
    const name =
      current.status === "signed_in"
        ? current.user.workspace_users.find((membership) => membership.workspace_id === staff.workspace_id)?.workspace
            .name
        : undefined;
    showToast(name ? `「${name}」に参加しました` : "ワークスペースに参加しました", { type: "success" });
    await navigate({ to: LANDING_PATH, search: { workspace_id: staff.workspace_id }, replace: true });
  }, [token, navigate]);

  useEffect(() => {
    if (signedIn && autoJoin) void join();
  }, [signedIn, autoJoin, join]);

  if (!token) {
    return (
      <AuthCard title="招待リンクが正しくありません">
        <Stack spacing={3}>
          <Alert severity="error">
            招待メールのリンクを、もう一度そのまま開いてください。開けない場合は、招待した方に招待メールの再送を依頼してください。
          </Alert>
          <ButtonLink to={signedIn ? LANDING_PATH : "/auth"} variant="contained" size="large" fullWidth>
            {signedIn ? "タスク一覧へ" : "ログイン画面へ"}
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }

  if (stage.kind === "joining") {
    return (
      <AuthCard title="ワークスペースに参加しています">
        <Box role="status" aria-live="polite" sx={{ display: "grid", placeItems: "center", gap: 2, py: 3 }}>
          <CircularProgress />
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            しばらくお待ちください…
          </Typography>
        </Box>
      </AuthCard>
    );
  }

  if (stage.kind === "failed") {
    const code = isApiRequestError(stage.error) ? stage.error.code : "";
    const hasWorkspace = session.status === "signed_in" && activeMemberships(session.user).length > 0;
    return (
      <AuthCard title="参加できませんでした">
        <Stack spacing={3}>
          <Alert severity={code === "already_member" ? "info" : "error"}>
            <AlertTitle>{ERROR_TITLES[code] ?? "招待を受けられませんでした"}</AlertTitle>
            {apiErrorMessage(stage.error)}
          </Alert>
          {hasWorkspace ? (
            <ButtonLink to={LANDING_PATH} variant="contained" size="large" fullWidth>
              タスク一覧へ
            </ButtonLink>
          ) : (
            <ButtonLink to="/auth/signup" variant="contained" size="large" fullWidth>
              自分のワークスペースを作成する
            </ButtonLink>
          )}
          <SwitchAccount token={token} />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="ワークスペースへの招待">
      <Stack spacing={3} sx={{ alignItems: "center", textAlign: "center" }}>
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            borderRadius: "50%",
            display: "grid",
            placeItems: "center",
            bgcolor: "rgba(57, 73, 171, 0.08)",
            color: "primary.main",
          }}
        >
          <GroupAddOutlined sx={{ fontSize: 36 }} />
        </Box>
        <Box>
          <Typography variant="h3" component="p">
            ワークスペースに招待されています
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 1.5 }}>
            {session.status === "signed_in" ? (
              <>
                {displayName(session.user)}さん（{session.user.email}）として参加します。
              </>
            ) : (
              <>
                Tasuki
                にログインすると、招待されたワークスペースに参加できます。アカウントをお持ちでない方は、新規登録のあとに自動で参加します。
              </>
            )}
          </Typography>
        </Box>
        {session.status === "signed_in" ? (
          <>
            <Button variant="contained" size="large" fullWidth onClick={() => void join()}>
              参加する
            </Button>
            <SwitchAccount token={token} />
          </>
        ) : (
          <Stack spacing={1.5} sx={{ width: "100%" }}>
            <ButtonLink to="/auth" variant="contained" size="large" fullWidth>
              ログインして参加する
            </ButtonLink>
            <ButtonLink to="/auth/signup" variant="outlined" size="large" fullWidth>
              新規登録して参加する
            </ButtonLink>
            <Typography variant="caption" sx={{ color: "text.secondary", pt: 1 }}>
              招待リンクの有効期限は、招待メールに記載されています。
            </Typography>
          </Stack>
        )}
      </Stack>
    </AuthCard>
  );
}

/** Signed in as someone else: sign out and come back to the invitation after the next login. */
function SwitchAccount({ token }: { token: string }) {
  return (
    <>
      <Divider flexItem />
      <Typography variant="body2" sx={{ color: "text.secondary", textAlign: "center" }}>
        別のアカウントで参加する場合は{" "}
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          onClick={() => {
            savePendingInvitation(token);
            void signOut();
          }}
        >
          ログアウト
        </Link>
      </Typography>
    </>
  );
}
