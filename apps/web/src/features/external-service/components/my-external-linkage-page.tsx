import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  EXTERNAL_SERVICE_LABELS,
  type ExternalNoticeKinds,
  type ExternalServiceName,
  type MyExternalLinkage,
} from "@tasuki/contract/external-service/external-service.schema";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useSignedInSession } from "../../../session/session.ts";
import { usePlan } from "../../billing/api/use-plan.ts";
import { useDeleteMyExternalLinkage } from "../api/delete-my-external-linkage.ts";
import { useMyExternalLinkages } from "../api/list-my-external-linkages.ts";
import { useNewMyExternalLinkage } from "../api/new-my-external-linkage.ts";
import { usePatchMyExternalLinkage } from "../api/patch-my-external-linkage.ts";
import { useTestMyExternalLinkage } from "../api/test-my-external-linkage.ts";
import { ServiceSetupHint } from "./service-setup-hint.tsx";

const KIND_LABELS: { key: keyof ExternalNoticeKinds; label: string }[] = [
  { key: "assigned", label: "タスクの担当者になったとき" },
  { key: "status", label: "タスクのステータスが変わったとき" },
  { key: "reminder", label: "期限のリマインド（タスクで選んだとき）" },
  { key: "meeting", label: "会議に招待されたとき" },
  { key: "comment", label: "コメント・メンション（担当・管理・ウォッチ中のタスク）" },
];

/** Where the person's notices arrive, as a sentence's end. */
const WHERE: Record<ExternalServiceName, string> = {
  slack: "Slack のダイレクトメッセージで届きます。",
  chatwork: "ご自身の Chatwork のマイチャットに届きます。",
};

/** The same, said of a linked account (the Slack workspace's name when known). */
const detailOf = (item: MyExternalLinkage) =>
  item.service === "slack"
    ? `${item.external_workspace_name ? `ワークスペース「${item.external_workspace_name}」の` : ""}Tasuki アプリから、ダイレクトメッセージで届きます。`
    : "ご自身のマイチャットに、未読のまま届きます。";

/** 個人の外部連携 (Slack / Chatwork): link my account, choose what I receive there, send a test message. */
export function MyExternalLinkagePage({ service }: { service: ExternalServiceName }) {
  const session = useSignedInSession();
  const workspaceId = session.workspaceUser?.workspace_id;
  const linkages = useMyExternalLinkages(workspaceId);
  const plan = usePlan(workspaceId);
  const label = EXTERNAL_SERVICE_LABELS[service];
  const item = linkages.data?.items.find((entry) => entry.service === service);
  return (
    <>
      <PageHeader
        title={`${label} 連携`}
        description={`ご自身の ${label} アカウントを連携すると、タスクや会議の通知が${WHERE[service]}`}
      />
      {!plan.hasFeature("integrations") && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          外部連携はプレミアムプランでご利用いただけます。
        </Alert>
      )}
      {linkages.isPending ? (
        <SectionCard title="アカウント">
          <Skeleton variant="text" width="50%" />
        </SectionCard>
      ) : linkages.isError || !item ? (
        <SectionCard title="アカウント">
          <ErrorState error={linkages.error} onRetry={() => void linkages.refetch()} />
        </SectionCard>
      ) : (
        <LinkageCard item={item} workspaceId={workspaceId!} email={session.workspaceUser?.email ?? ""} />
      )}
    </>
  );
}

function LinkageCard({ item, workspaceId, email }: { item: MyExternalLinkage; workspaceId: string; email: string }) {
  const label = EXTERNAL_SERVICE_LABELS[item.service];
  const link = useNewMyExternalLinkage();
  const unlink = useDeleteMyExternalLinkage();
  const test = useTestMyExternalLinkage();
  const onLink = async (method: "email" | "sign_in" = "email") => {
    try {
      const answer = await link.mutateAsync({
        workspace_id: workspaceId,
        service: item.service,
        ...(item.service === "slack" ? { method } : {}),
      });
      if (answer.authorize_url) {
        window.location.assign(answer.authorize_url);
        return;
      }
      showToast(`${label}アカウントを連携しました`, { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  const onUnlink = async () => {
    try {
      await unlink.mutateAsync({ workspace_id: workspaceId, service: item.service });
      showToast("連携を解除しました", { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  const onTest = async () => {
    try {
      await test.mutateAsync({ workspace_id: workspaceId, service: item.service });
      showToast(`テストメッセージを${label}に送りました。届くまで少しお待ちください`, { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };

  if (!item.configured) {
    return (
      <SectionCard title="アカウント">
        <ServiceSetupHint service={item.service} />
      </SectionCard>
    );
  }
  if (item.connection_state !== "active") {
    return (
      <SectionCard title="アカウント">
        <Alert
          severity={item.connection_state === "broken" ? "error" : "info"}
          action={
            <ButtonLink to="/mypage/external-linkage" color="inherit" size="small" sx={{ whiteSpace: "nowrap" }}>
              外部連携へ
            </ButtonLink>
          }
        >
          {item.connection_state === "broken"
            ? `ワークスペースの${label}連携が停止しています。管理者が接続し直すと、通知が再開します。`
            : `ワークスペースの${label}連携がまだありません。管理者が連携すると、ご自身のアカウントを連携できます。`}
        </Alert>
      </SectionCard>
    );
  }
  if (!item.link) {
    if (item.service === "slack") {
      const method = link.variables?.method;
      return (
        <SectionCard title="アカウント">
          <Typography variant="body2" sx={{ mb: 2 }}>
            Slack ワークスペース「{item.external_workspace_name ?? ""}」で、メールアドレス {email}{" "}
            のメンバーを探して連携します。Slack のメールアドレスが異なる場合は、Slack でサインインして連携できます。
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
            <Button
              variant="contained"
              onClick={() => void onLink("email")}
              loading={link.isPending && method === "email"}
              disabled={link.isPending}
            >
              メールアドレスで連携する
            </Button>
            <Button
              variant="outlined"
              onClick={() => void onLink("sign_in")}
              loading={link.isPending && method === "sign_in"}
              disabled={link.isPending}
            >
              Slack でサインインして連携
            </Button>
          </Stack>
        </SectionCard>
      );
    }
    return (
      <SectionCard title="アカウント">
        <Typography variant="body2" sx={{ mb: 2 }}>
          Chatwork の画面でご自身のアカウントを選んで許可すると、連携が完了します。
        </Typography>
        <Button variant="contained" onClick={() => void onLink()} loading={link.isPending}>
          Chatworkアカウントを連携する
        </Button>
      </SectionCard>
    );
  }
  return (
    <>
      <SectionCard
        title="アカウント"
        action={
          <Button color="inherit" variant="outlined" size="small" onClick={onUnlink} loading={unlink.isPending}>
            連携を解除
          </Button>
        }
      >
        {item.link.state === "broken" && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void onLink()}
                loading={link.isPending}
                sx={{ whiteSpace: "nowrap" }}
              >
                連携し直す
              </Button>
            }
          >
            {label}がトークンを受け付けなくなったため、通知を止めています。連携し直してください。
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
          <Chip
            size="small"
            label={item.link.state === "active" ? "連携中" : "停止中"}
            color={item.link.state === "active" ? "success" : "error"}
          />
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {item.link.external_name || label}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5 }}>
          {detailOf(item)}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          onClick={onTest}
          loading={test.isPending}
          disabled={item.link.state !== "active"}
          sx={{ mt: 2 }}
        >
          テストメッセージを送る
        </Button>
      </SectionCard>
      <KindsCard item={item} workspaceId={workspaceId} kinds={item.link.kinds} />
    </>
  );
}

function KindsCard({
  item,
  workspaceId,
  kinds,
}: {
  item: MyExternalLinkage;
  workspaceId: string;
  kinds: ExternalNoticeKinds;
}) {
  const patch = usePatchMyExternalLinkage();
  const toggle = async (key: keyof ExternalNoticeKinds, checked: boolean) => {
    try {
      await patch.mutateAsync({
        service: item.service,
        workspace_id: workspaceId,
        kinds: { ...kinds, [key]: checked },
      });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <SectionCard
      title="受け取る通知"
      description={`${EXTERNAL_SERVICE_LABELS[item.service]}で受け取る通知を選べます。アプリ内の通知はいつでも届きます。`}
    >
      <FormGroup>
        {KIND_LABELS.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Checkbox
                checked={kinds[key]}
                disabled={patch.isPending}
                onChange={(event) => void toggle(key, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </SectionCard>
  );
}
