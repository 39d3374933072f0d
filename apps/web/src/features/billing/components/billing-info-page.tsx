import { zodResolver } from "@hookform/resolvers/zod";
import HandshakeOutlined from "@mui/icons-material/HandshakeOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { billingContactSchema, type Company } from "@tasuki/contract/billing/company.schema";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { InfoRow, SectionCard } from "../../../components/section-card.tsx";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useCompany } from "../api/get-company.ts";
import { useMyPartner } from "../api/get-my-partner.ts";
import { useSaveCompany } from "../api/save-company.ts";
import { usePlan } from "../api/use-plan.ts";
import { AddressFields } from "./address-fields.tsx";
import { BillingGuard } from "./billing-guard.tsx";

const formSchema = billingContactSchema.extend({ prefecture: z.string() });
type FormValues = z.input<typeof formSchema>;

const valuesOf = (company: Company): FormValues => {
  const contact = company.billing_contact;
  return {
    name: contact?.name ?? company.name,
    department: contact?.department ?? "",
    contact_name: contact?.contact_name ?? "",
    email: contact?.email ?? "",
    postal_code: contact?.postal_code ?? company.postal_code,
    prefecture: contact?.prefecture ?? company.prefecture ?? "",
    city: contact?.city ?? company.city,
    street: contact?.street ?? company.street,
    building: contact?.building ?? company.building,
  };
};

/** 請求先情報: to whom invoices are addressed and mailed, and the partner on the contract. */
export function BillingInfoPage() {
  return (
    <BillingGuard pageName="請求先情報" path="/mypage/billing-info">
      {(workspaceId) => (
        <>
          <PageHeader
            title="請求先情報"
            description="請求書の宛名と送付先です。請求書の発行やお支払いのご案内はこのメールアドレスに届きます。"
          />
          <BillingContactSection workspaceId={workspaceId} />
          <PartnerSection workspaceId={workspaceId} />
        </>
      )}
    </BillingGuard>
  );
}

function BillingContactSection({ workspaceId }: { workspaceId: string }) {
  const plan = usePlan(workspaceId);
  const companyId = plan.usage?.company_id ?? null;
  const company = useCompany(companyId);
  if (plan.isPending || (companyId && company.isPending)) {
    return (
      <SectionCard title="請求先">
        <Skeleton variant="rounded" height={240} />
      </SectionCard>
    );
  }
  if (company.isError) {
    return (
      <SectionCard title="請求先">
        <ErrorState error={company.error} onRetry={() => void company.refetch()} />
      </SectionCard>
    );
  }
  if (!company.data) {
    return (
      <SectionCard title="請求先">
        <EmptyState
          bare
          title="先に会社情報を登録してください"
          description="請求先は会社情報に紐づきます。会社情報を登録すると、その名称と所在地が請求先の初期値になります。"
          action={
            <ButtonLink to="/mypage/company-info" variant="contained">
              会社情報を登録
            </ButtonLink>
          }
        />
      </SectionCard>
    );
  }
  return <BillingContactForm workspaceId={workspaceId} company={company.data} />;
}

function BillingContactForm({ workspaceId, company }: { workspaceId: string; company: Company }) {
  const save = useSaveCompany();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    values: valuesOf(company),
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        workspaceId,
        companyId: company.id,
        body: { billing_contact: { ...values, prefecture: values.prefecture || null } },
      });
      form.reset(values);
      showToast("請求先を保存しました", { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  });
  const copyCompanyAddress = () => {
    for (const key of ["postal_code", "city", "street", "building"] as const) {
      form.setValue(key, company[key], { shouldDirty: true });
    }
    form.setValue("prefecture", company.prefecture ?? "", { shouldDirty: true });
  };
  return (
    <SectionCard
      title="請求先"
      description="宛名は請求書に「御中」を付けて印字します。"
      action={
        <Button size="small" onClick={copyCompanyAddress} sx={{ flexShrink: 0, whiteSpace: "nowrap" }}>
          所在地をコピー
        </Button>
      }
    >
      {!company.billing_contact && (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          請求先が未登録のため、請求書は会社情報の法人名宛てに発行されます。メールアドレスを登録すると請求書のご案内が届きます。
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
          <FormTextField control={form.control} name="name" label="宛名" required placeholder="株式会社タスキ" />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <FormTextField
              control={form.control}
              name="department"
              label="部署"
              placeholder="経理部"
              sx={{ flex: 1 }}
            />
            <FormTextField
              control={form.control}
              name="contact_name"
              label="ご担当者"
              placeholder="山田 花子"
              sx={{ flex: 1 }}
            />
          </Stack>
          <FormTextField
            control={form.control}
            name="email"
            label="請求書の送付先メールアドレス"
            required
            type="email"
            placeholder="keiri@example.co.jp"
            slotProps={{ htmlInput: { autoComplete: "email" } }}
          />
          <AddressFields form={form} />
          <Box>
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              disabled={!form.formState.isDirty}
            >
              保存
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}

function PartnerSection({ workspaceId }: { workspaceId: string }) {
  const partner = useMyPartner(workspaceId);
  return (
    <SectionCard
      title="販売パートナー"
      description="販売パートナー経由でご契約の場合、その割引が請求書に反映されます。"
    >
      {partner.isPending && <Skeleton variant="text" width="50%" />}
      {partner.isError && <ErrorState error={partner.error} onRetry={() => void partner.refetch()} />}
      {partner.data?.partner && (
        <>
          <InfoRow label="パートナー">
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <HandshakeOutlined fontSize="small" sx={{ color: "text.secondary" }} />
              <Typography variant="body2">{partner.data.partner.name}</Typography>
            </Stack>
          </InfoRow>
          <InfoRow label="パートナーコード">
            <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
              {partner.data.partner.code}
            </Typography>
          </InfoRow>
          <InfoRow label="割引">
            <Typography variant="body2">{partner.data.partner.discount_percent}%</Typography>
          </InfoRow>
        </>
      )}
      {partner.data && !partner.data.partner && (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          パートナーの登録はありません。パートナーコードをお持ちの場合は、プランのお申し込み時に入力してください。
        </Typography>
      )}
    </SectionCard>
  );
}
