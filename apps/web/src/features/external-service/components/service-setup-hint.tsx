import Alert from "@mui/material/Alert";
import {
  EXTERNAL_SERVICE_LABELS,
  type ExternalServiceName,
} from "@tasuki/contract/external-service/external-service.schema";

const VARIABLES: Record<ExternalServiceName, string> = {
  slack: "SLACK_CLIENT_ID・SLACK_CLIENT_SECRET",
  chatwork: "CHATWORK_CLIENT_ID・CHATWORK_CLIENT_SECRET",
};

/** What an operator does to offer a service the server was started without. */
export function ServiceSetupHint({ service }: { service: ExternalServiceName }) {
  return (
    <Alert severity="info">
      このサーバーでは{EXTERNAL_SERVICE_LABELS[service]}連携がまだ設定されていません。運用担当者が環境変数
      {VARIABLES[service]}
      を設定してサーバーを再起動すると利用できます（手順は運用ガイド「Slack and Chatwork」を参照）。
    </Alert>
  );
}
