import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import {
  BUSINESS_CATEGORIES,
  type Company,
  companyPatchSchema,
  corporateNumberSchema,
  EMPLOYEE_SIZE_LABELS,
  type employeeSizeSchema,
  registrationNumberSchema,
} from "@tasuki/contract/billing/company.schema";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ErrorState } from "../../../components/error-state.tsx";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useBusinessCategories } from "../../business-category/api/list-business-categories.ts";
import { useCompany } from "../api/get-company.ts";
import { useSaveCompany } from "../api/save-company.ts";
import { usePlan } from "../api/use-plan.ts";
import { verifyCompanyCode } from "../api/verify-company-code.ts";
import { AddressFields } from "./address-fields.tsx";
import { BillingGuard } from "./billing-guard.tsx";

/** The form's values: every field a string, an empty one meaning "not given" (null on the wire). */
const formSchema = z.object({
  name: z.string().trim().min(1, { error: "法人名を入力してください" }).max(100),
  name_kana: companyPatchSchema.shape.name_kana.unwrap(),
  corporate_number: z.union([z.literal(""), corporateNumberSchema]),
  invoice_registration_number: z.union([z.literal(""), registrationNumberSchema]),
  business_category_code: z.string(),
  employee_size: z.string(),
  postal_code: companyPatchSchema.shape.postal_code.unwrap(),
  prefecture: z.string(),
  city: z.string().trim().max(100),
  street: z.string().trim().max(100),
  building: z.string().trim().max(100),
  phone: companyPatchSchema.shape.phone.unwrap(),
});
type FormValues = z.input<typeof formSchema>;

const valuesOf = (company: Company | undefined): FormValues => ({
  name: company?.name ?? "",
  name_kana: company?.name_kana ?? "",
  corporate_number: company?.corporate_number ?? "",
  invoice_registration_number: company?.invoice_registration_number ?? "",
  business_category_code: company?.business_category_code ?? "",
  employee_size: company?.employee_size ?? "",
  postal_code: company?.postal_code ?? "",
  prefecture: company?.prefecture ?? "",
  city: company?.city ?? "",
  street: company?.street ?? "",
  building: company?.building ?? "",
  phone: company?.phone ?? "",
});

/** 会社情報: the company that runs the workspace (法人番号, 適格請求書発行事業者の登録番号, 業種, 規模, 所在地). */
export function CompanyInfoPage() {
  return (
    <BillingGuard pageName="会社情報" path="/mypage/company-info">
      {(workspaceId) => (
        <>
          <PageHeader
            title="会社情報"
            description="ワークスペースを運営する会社の情報です。請求書の宛名の既定にも使います。"
          />
          <CompanyForm workspaceId={workspaceId} />
        </>
      )}
    </BillingGuard>
  );
}

function CompanyForm({ workspaceId }: { workspaceId: string }) {
  const plan = usePlan(workspaceId);
  const companyId = plan.usage?.company_id ?? null;
  const company = useCompany(companyId);
  if (plan.isPending || (companyId && company.isPending)) {
    return (
      <SectionCard title="基本情報">
        <Skeleton variant="rounded" height={280} />
      </SectionCard>
    );
  }
  if (company.isError) {
    return (
      <SectionCard title="基本情報">
        <ErrorState error={company.error} onRetry={() => void company.refetch()} />
      </SectionCard>
    );
  }
  return <CompanyFormFields workspaceId={workspaceId} company={company.data} />;
}

function CompanyFormFields({ workspaceId, company }: { workspaceId: string; company: Company | undefined }) {
  // The 業種 is an id of the one catalogue (business-category/list-all), which the templates' AI also reads.
  const categories = useBusinessCategories();
  const storedCategory = company?.business_category_code ?? null;
  const save = useSaveCompany();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    values: valuesOf(company),
    resetOptions: { keepDirtyValues: true },
  });
  const corporateNumber = form.watch("corporate_number");
  const registration = form.watch("invoice_registration_number");

  // 法人番号: the server checks the check digit as soon as the 13 digits are there.
  const checkCorporateNumber = async () => {
    const value = form.getValues("corporate_number").trim();
    if (!/^\d{13}$/.test(value)) return;
    try {
      const result = await verifyCompanyCode(value);
      if (!result.valid) {
        form.setError("corporate_number", { message: "法人番号が正しくありません。13桁の番号をご確認ください。" });
      }
    } catch {
      // The save checks it again.
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const orNull = (value: string) => (value ? value : null);
    try {
      await save.mutateAsync({
        workspaceId,
        companyId: company?.id ?? null,
        body: {
          ...values,
          corporate_number: orNull(values.corporate_number),
          invoice_registration_number: orNull(values.invoice_registration_number),
          business_category_code: orNull(values.business_category_code),
          employee_size: orNull(values.employee_size) as z.infer<typeof employeeSizeSchema> | null,
          prefecture: orNull(values.prefecture),
        },
      });
      form.reset(values);
      showToast(company ? "会社情報を保存しました" : "会社情報を登録しました", { type: "success" });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "invalid_corporate_number") {
        form.setError("corporate_number", { message: (error as Error).message });
      } else if (code === "invalid_registration_number") {
        form.setError("invoice_registration_number", { message: (error as Error).message });
      } else {
        showErrorToast(error);
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {!company && (
        <Alert severity="info" sx={{ mb: 3 }}>
          会社情報はまだ登録されていません。法人名を入力して登録してください（その他の項目は後から入力できます）。
        </Alert>
      )}
      <SectionCard title="基本情報">
        <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
          <FormTextField control={form.control} name="name" label="法人名" required placeholder="株式会社タスキ" />
          <FormTextField
            control={form.control}
            name="name_kana"
            label="フリガナ"
            placeholder="カブシキガイシャタスキ"
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <FormTextField control={form.control} name="business_category_code" label="業種" select sx={{ flex: 1 }}>
              <MenuItem value="">
                <em>未選択</em>
              </MenuItem>
              {(categories.data?.items ?? []).map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {category.name}
                </MenuItem>
              ))}
              {/* A code the catalogue no longer lists (or an older JSIC letter) stays shown rather than blank. */}
              {storedCategory &&
                categories.data &&
                !categories.data.items.some((category) => category.id === storedCategory) && (
                  <MenuItem value={storedCategory}>
                    {BUSINESS_CATEGORIES.find((category) => category.code === storedCategory)?.label ?? storedCategory}
                  </MenuItem>
                )}
            </FormTextField>
            <FormTextField control={form.control} name="employee_size" label="従業員数" select sx={{ flex: 1 }}>
              <MenuItem value="">
                <em>未選択</em>
              </MenuItem>
              {Object.entries(EMPLOYEE_SIZE_LABELS).map(([key, label]) => (
                <MenuItem key={key} value={key}>
                  {label}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
          <FormTextField
            control={form.control}
            name="phone"
            label="電話番号"
            placeholder="03-1234-5678"
            sx={{ maxWidth: { sm: 260 } }}
            slotProps={{ htmlInput: { inputMode: "tel", autoComplete: "tel" } }}
          />
        </Stack>
      </SectionCard>

      <SectionCard
        title="法人番号・インボイス"
        description="適格請求書発行事業者の登録番号は、法人の場合「T」と法人番号です。"
      >
        <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
          <FormTextField
            control={form.control}
            name="corporate_number"
            label="法人番号（13桁）"
            placeholder="1234567890123"
            onBlur={() => void checkCorporateNumber()}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 13 } }}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
            <FormTextField
              control={form.control}
              name="invoice_registration_number"
              label="適格請求書発行事業者の登録番号"
              placeholder="T1234567890123"
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 14 } }}
            />
            {/^\d{13}$/.test(corporateNumber) && registration !== `T${corporateNumber}` && (
              <Button
                size="small"
                sx={{ mt: { sm: 1 }, whiteSpace: "nowrap" }}
                onClick={() =>
                  form.setValue("invoice_registration_number", `T${corporateNumber}`, {
                    shouldDirty: true,
                    shouldValidate: true,
                  })
                }
              >
                法人番号から入力
              </Button>
            )}
          </Stack>
        </Stack>
      </SectionCard>

      <SectionCard title="所在地">
        <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
          <AddressFields form={form} />
        </Stack>
      </SectionCard>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mb: 3 }}>
        <Button
          type="submit"
          variant="contained"
          loading={form.formState.isSubmitting}
          disabled={Boolean(company) && !form.formState.isDirty}
        >
          {company ? "保存" : "登録する"}
        </Button>
      </Box>
    </Box>
  );
}
