import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useNavigate } from "@tanstack/react-router";
import {
  EXTERNAL_SERVICE_LABELS,
  type ExternalServiceName,
  type WorkspaceExternalService,
} from "@tasuki/contract/external-service/external-service.schema";
import { useEffect, useRef, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useSignedInSession } from "../../../session/session.ts";
import { usePlan } from "../../billing/api/use-plan.ts";
import { useCompleteExternalServiceOAuth } from "../api/complete-external-service-oauth.ts";
import { useDeleteExternalService } from "../api/delete-external-service.ts";
import { useExternalServices } from "../api/list-external-services.ts";
import { useNewExternalService } from "../api/new-external-service.ts";
import { ExternalRoutesEditor } from "./external-routes-editor.tsx";
import { ServiceSetupHint } from "./service-setup-hint.tsx";

const SERVICES: ExternalServiceName[] = ["slack", "chatwork"];

const DESCRIPTIONS: Record<ExternalServiceName, string> = {
  slack:
    "担当者の設定・ステータス変更・リマインド・コメントを、各自の Slack のダイレクトメッセージやチャンネルに届けます。",
  chatwork: "通知を各自の Chatwork のマイチャットや、グループ・プロジェクトのルームに届けます。",
};

export interface OAuthSearch {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * 外部連携: the workspace's Slack and Chatwork connections (connect, state, routes, disconnect). It is also the
 * OAuth redirect page of both providers: a `code` and `state` in the address are handed to the API once.
 */
export function ExternalLinkagePage({ search }: { search: OAuthSearch }) {
  const session = useSignedInSession();
  const workspaceUser = session.workspaceUser;
  const workspaceId = workspaceUser?.workspace_id;
  const canManage = workspaceUser?.permissions.includes("manage_integrations") ?? false;
  const services = useExternalServices(workspaceId);
  const plan = usePlan(workspaceId);
  useOAuthReturn(search);

  return (
    <>
      <PageHeader
        title="外部連携"
        description="Slack・Chatwork とワークスペースを連携し、Tasuki の通知をふだんお使いのチャットに届けます。"
      />
      {!plan.hasFeature("integrations") && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <ButtonLink to="/mypage/plan-and-invoice" color="inherit" size="small">
              プランを見る
            </ButtonLink>
          }
        >
          外部連携はプレミアムプランでご利用いただけます。
        </Alert>
      )}
      {!canManage && (
        <Alert severity="info" sx={{ mb: 3 }}>
          連携の設定は、外部連携の管理を許可された方が行えます。ご自身のアカウントの連携は、マイページの「Slack
          連携」「Chatwork 連携」から行えます。
        </Alert>
      )}
      {services.isPending ? (
        <SectionCard title="連携サービス">
          <Skeleton variant="text" width="50%" />
          <Skeleton variant="text" width="70%" />
        </SectionCard>
      ) : services.isError ? (
        <SectionCard title="連携サービス">
          <ErrorState error={services.error} onRetry={() => void services.refetch()} />
        </SectionCard>
      ) : (
        SERVICES.map((service) => (
          <ServiceCard
            key={service}
            service={service}
            workspaceId={workspaceId!}
            configured={services.data.services.find((item) => item.service === service)?.configured ?? false}
            connection={services.data.items.find((item) => item.service === service) ?? null}
            canManage={canManage && plan.hasFeature("integrations")}
          />
        ))
      )}
    </>
  );
}

/** Completes a consent the provider sent back, once, then clears the address. */
function useOAuthReturn(search: OAuthSearch) {
  const navigate = useNavigate();
  const complete = useCompleteExternalServiceOAuth();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || (!search.code && !search.error) || !search.state) return;
    handled.current = true;
    if (search.error || !search.code) {
      showToast("連携がキャンセルされました", { type: "warning" });
      void navigate({ to: "/mypage/external-linkage", search: {}, replace: true });
      return;
    }
    complete
      .mutateAsync({ code: search.code, state: search.state })
      .then((done) => {
        showToast(`${EXTERNAL_SERVICE_LABELS[done.service]}と連携しました`, { type: "success" });
        if (done.target === "personal") {
          void navigate({ to: `/mypage/my-external-linkage/${done.service}`, replace: true });
        } else {
          void navigate({ to: "/mypage/external-linkage", search: {}, replace: true });
        }
      })
      .catch((error: unknown) => {
        showErrorToast(error);
        void navigate({ to: "/mypage/external-linkage", search: {}, replace: true });
      });
  }, [search, complete, navigate]);
}

const STATE_CHIPS = {
  active: { label: "連携中", color: "success" },
  broken: { label: "停止中", color: "error" },
  pending: { label: "未接続", color: "default" },
} as const;

function ServiceCard({
  service,
  workspaceId,
  configured,
  connection,
  canManage,
}: {
  service: ExternalServiceName;
  workspaceId: string;
  configured: boolean;
  connection: WorkspaceExternalService | null;
  canManage: boolean;
}) {
  const label = EXTERNAL_SERVICE_LABELS[service];
  const connect = useNewExternalService();
  const [confirming, setConfirming] = useState(false);
  const state = connection?.state ?? "pending";
  const onConnect = async () => {
    try {
      const started = await connect.mutateAsync({ workspace_id: workspaceId, service });
      window.location.assign(started.authorize_url);
    } catch (error) {
      showErrorToast(error);
    }
  };
  const connectButton = canManage && configured && state !== "active" && (
    <Button variant="contained" size="small" onClick={onConnect} loading={connect.isPending}>
      {state === "broken" ? "接続し直す" : `${label}と連携する`}
    </Button>
  );
  return (
    <SectionCard
      title={label}
      description={DESCRIPTIONS[service]}
      action={
        connectButton ||
        (canManage && state === "active" && connection ? (
          <Button color="inherit" variant="outlined" size="small" onClick={() => setConfirming(true)}>
            連携を解除
          </Button>
        ) : undefined)
      }
    >
      {!configured ? (
        <ServiceSetupHint service={service} />
      ) : !connection || state === "pending" ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {canManage
            ? `まだ連携されていません。「${label}と連携する」から${label}の画面で許可すると、連携が完了します。`
            : "まだ連携されていません。"}
        </Typography>
      ) : (
        <>
          {state === "broken" && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {label}がトークンを受け付けなくなったため、{label}への通知を止めています
              {connection.broken_reason ? `（${connection.broken_reason}）` : ""}
              。接続し直すと、止まっていた通知も送られます。アプリ内の通知は届いています。
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
            <Chip size="small" label={STATE_CHIPS[state].label} color={STATE_CHIPS[state].color} />
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {connection.external_name || label}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5 }}>
            {[
              connection.connected_by && connection.connected_at
                ? `${displayName(connection.connected_by)}さんが${formatDateTime(connection.connected_at)}に連携`
                : null,
              `メンバー${connection.linked_people}人がアカウントを連携`,
            ]
              .filter(Boolean)
              .join("・")}
          </Typography>
          <ExternalRoutesEditor connection={connection} workspaceId={workspaceId} canManage={canManage} />
        </>
      )}
      {connection && (
        <DisconnectDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          connection={connection}
          label={label}
        />
      )}
    </SectionCard>
  );
}

function DisconnectDialog({
  open,
  onClose,
  connection,
  label,
}: {
  open: boolean;
  onClose: () => void;
  connection: WorkspaceExternalService;
  label: string;
}) {
  const remove = useDeleteExternalService();
  const onConfirm = async () => {
    try {
      await remove.mutateAsync({ id: connection.id });
      showToast(`${label}との連携を解除しました`, { type: "success" });
      onClose();
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{label}との連携を解除しますか？</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {label}側のトークンを無効にし、チャンネルの設定と、メンバー{connection.linked_people}
          人の個人連携も解除します。送信待ちの通知は送られません。
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          キャンセル
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={remove.isPending}>
          解除する
        </Button>
      </DialogActions>
    </Dialog>
  );
}
