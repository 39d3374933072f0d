import WorkspacePremiumOutlined from "@mui/icons-material/WorkspacePremiumOutlined";
import { PREMIUM_FEATURE_LABELS, type PremiumFeature } from "@tasuki/contract/billing/plan.schema";
import { EmptyState } from "./empty-state.tsx";
import { PageHeader } from "./page-header.tsx";
import { ButtonLink } from "./router-link.tsx";

const PREMIUM_PITCH: Record<PremiumFeature, string> = {
  analytics: "部署・プロジェクト・担当者ごとの進捗、期限切れ、負荷の偏りをひと目で確認できます。",
  ai: "タスクの説明文をAIが下書きします。",
  integrations: "Slack・Chatworkに通知を届けられます。",
};

/**
 * A premium feature opened on another plan: what it does and the way to it, in place of the page. `who` is the
 * billing feature's useWhoUpgrades (features/billing/api): a billing manager goes to the plans, others are told
 * whom to ask.
 */
export function UpgradePrompt({
  feature,
  title,
  who,
}: {
  feature: PremiumFeature;
  title?: string;
  who: { canManage: boolean; askText: string };
}) {
  const label = PREMIUM_FEATURE_LABELS[feature];
  return (
    <>
      {title && <PageHeader title={title} />}
      <EmptyState
        icon={<WorkspacePremiumOutlined />}
        title={`${label}はプレミアムプランでご利用いただけます`}
        description={
          <>
            {PREMIUM_PITCH[feature]}
            <br />
            {who.canManage ? "プレミアムプランにアップグレードすると、すぐに使えます。" : who.askText}
          </>
        }
        action={
          who.canManage ? (
            <ButtonLink to="/mypage/plan-and-invoice" variant="contained">
              プランを見る
            </ButtonLink>
          ) : undefined
        }
      />
    </>
  );
}
