import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, "name" | "value" | "defaultValue"> & {
  // biome-ignore lint/suspicious/noExplicitAny: forms with transforming schemas have distinct output types
  control: Control<T, any, any>;
  name: FieldPath<T>;
};

/** An MUI text field bound to react-hook-form, showing the field's validation message inline. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  onChange,
  onBlur,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ""}
      onChange={(event) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      inputRef={field.ref}
      error={Boolean(fieldState.error) || props.error}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
