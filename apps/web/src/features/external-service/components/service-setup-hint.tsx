import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import {
  EXTERNAL_SERVICE_LABELS,
  type ExternalServiceName,
} from "@tasuki/contract/external-service/external-service.schema";
import { usePermission } from "../../../session/permissions.ts";

const VARIABLES: Record<ExternalServiceName, string[]> = {
  slack: ["SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET"],
  chatwork: ["CHATWORK_CLIENT_ID", "CHATWORK_CLIENT_SECRET"],
};

/**
 * A service the server was started without. Those who manage the workspace's integrations are told what the
 * server's operator sets (docs/operations.md); everyone else only that it is not offered yet and whom to ask,
 * since variable names and the operator's guide mean nothing to them.
 */
export function ServiceSetupHint({ service }: { service: ExternalServiceName }) {
  return <SetupHint service={service} canManage={usePermission("manage_integrations")} />;
}

/** The hint for a caller who does or does not manage the workspace's integrations. */
export function SetupHint({ service, canManage }: { service: ExternalServiceName; canManage: boolean }) {
  const label = EXTERNAL_SERVICE_LABELS[service];
  if (!canManage) {
    return (
      <Alert severity="info">
        <AlertTitle>{label}連携はまだご利用いただけません</AlertTitle>
        ご利用を希望される場合は、ワークスペースのオーナーまたは管理者にお問い合わせください。
      </Alert>
    );
  }
  return (
    <Alert severity="info">
      <AlertTitle>{label}連携はこのサーバーでまだ有効になっていません</AlertTitle>
      運用担当者が{label}のアプリを登録し、次の環境変数を設定してサーバーを再起動すると使えるようになります。
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {VARIABLES[service].map((name) => (
          <li key={name}>
            <Box component="code" sx={{ fontFamily: "monospace", fontSize: "0.8125rem" }}>
              {name}
            </Box>
          </li>
        ))}
      </Box>
      手順は運用ガイド（docs/operations.md の「Slack and Chatwork」）にあります。
    </Alert>
  );
}
