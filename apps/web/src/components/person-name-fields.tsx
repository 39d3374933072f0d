import Stack from "@mui/material/Stack";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useKanaAutofill } from "../hooks/use-kana-autofill.ts";
import { FormTextField } from "./form-text-field.tsx";

interface PersonNameFieldsProps<T extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: forms with transforming schemas have distinct output types
  form: UseFormReturn<T, any, any>;
  /**
   * `self`: the person's own name (the browser may offer to fill it); `other`: someone else's (staff
   * records), where the browser's autofill would offer the administrator's own name.
   */
  whose: "self" | "other";
  autoFocus?: boolean;
  /** Example names in the empty fields. */
  placeholders?: boolean;
}

/**
 * 姓・名 and セイ・メイ, the four fields every Japanese form asks for, with the フリガナ filled from the IME
 * reading as the name is typed. The form must have last_name, first_name, last_name_kana, first_name_kana.
 */
export function PersonNameFields<T extends FieldValues>({
  form,
  whose,
  autoFocus = false,
  placeholders = false,
}: PersonNameFieldsProps<T>) {
  const field = (name: string) => name as FieldPath<T>;
  const lastKana = useKanaAutofill(form, field("last_name_kana"));
  const firstKana = useKanaAutofill(form, field("first_name_kana"));
  const autoComplete = (personal: string) => (whose === "self" ? personal : "off");
  const example = (text: string) => (placeholders ? text : undefined);
  return (
    <>
      <Stack direction="row" spacing={2}>
        <FormTextField
          control={form.control}
          name={field("last_name")}
          label="姓"
          placeholder={example("山田")}
          autoFocus={autoFocus}
          onChange={lastKana.onSourceChange}
          slotProps={{ htmlInput: { ...lastKana.sourceInputProps, autoComplete: autoComplete("family-name") } }}
        />
        <FormTextField
          control={form.control}
          name={field("first_name")}
          label="名"
          placeholder={example("太郎")}
          onChange={firstKana.onSourceChange}
          slotProps={{ htmlInput: { ...firstKana.sourceInputProps, autoComplete: autoComplete("given-name") } }}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormTextField
          control={form.control}
          name={field("last_name_kana")}
          label="セイ"
          placeholder={example("ヤマダ")}
          onChange={lastKana.onTargetChange}
          onBlur={lastKana.onTargetBlur}
          slotProps={{ htmlInput: { autoComplete: "off" } }}
        />
        <FormTextField
          control={form.control}
          name={field("first_name_kana")}
          label="メイ"
          placeholder={example("タロウ")}
          onChange={firstKana.onTargetChange}
          onBlur={firstKana.onTargetBlur}
          slotProps={{ htmlInput: { autoComplete: "off" } }}
        />
      </Stack>
    </>
  );
}
