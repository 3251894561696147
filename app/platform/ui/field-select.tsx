import { getSelectProps } from "@conform-to/react";
import { controlClass } from "./field";

// Apart from field.tsx, so pages without a Conform form do not load Conform for their fields.

/**
 * A select bound to a Conform field: one option per value, worded by `label`, after an empty
 * "choose" option when the field may stay empty (`placeholder`).
 */
export function FieldSelect<T extends string>({
  field,
  values,
  label,
  placeholder,
}: {
  field: Parameters<typeof getSelectProps>[0];
  values: readonly T[];
  label: (value: T) => string;
  placeholder?: string;
}) {
  return (
    <select {...getSelectProps(field)} key={field.key} className={controlClass}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </select>
  );
}
