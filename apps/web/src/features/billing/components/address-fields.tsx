import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { PREFECTURES } from "@tasuki/contract/common/address";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field.tsx";

/**
 * 郵便番号・都道府県・市区町村・番地・建物名, in the order a Japanese address is written. `prefix` names the
 * object holding them ("billing_contact." for the 請求先), or "" for the company's own fields.
 */
export function AddressFields<T extends FieldValues>({
  form,
  prefix = "",
}: {
  // biome-ignore lint/suspicious/noExplicitAny: forms with transforming schemas have distinct output types
  form: UseFormReturn<T, any, any>;
  prefix?: string;
}) {
  const field = (name: string) => `${prefix}${name}` as FieldPath<T>;
  return (
    <>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField
          control={form.control}
          name={field("postal_code")}
          label="郵便番号"
          placeholder="100-0005"
          sx={{ width: { sm: 180 } }}
          slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "postal-code" } }}
        />
        <FormTextField
          control={form.control}
          name={field("prefecture")}
          label="都道府県"
          select
          sx={{ width: { sm: 200 } }}
        >
          <MenuItem value="">
            <em>未選択</em>
          </MenuItem>
          {PREFECTURES.map((prefecture) => (
            <MenuItem key={prefecture.key} value={prefecture.key}>
              {prefecture.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <FormTextField control={form.control} name={field("city")} label="市区町村" placeholder="千代田区丸の内" />
      <FormTextField control={form.control} name={field("street")} label="番地" placeholder="1-1-1" />
      <FormTextField control={form.control} name={field("building")} label="建物名・部屋番号" />
    </>
  );
}
