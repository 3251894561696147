import type { ReactNode } from "react";

/**
 * A group of checkboxes under its legend: each option a box with its label, ticked as `checked`
 * says; `onToggle` hears which and whether it is now ticked.
 */
export function CheckboxGroup<T extends string | number>({
  legend,
  options,
  checked,
  onToggle,
  legendClassName = "font-medium",
  className = "",
}: {
  legend: ReactNode;
  options: readonly { value: T; label: ReactNode; key?: string }[];
  checked: (value: T) => boolean;
  onToggle: (value: T, on: boolean) => void;
  legendClassName?: string;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <label key={option.key ?? String(option.value)} className="flex items-start gap-2">
            <input
              type="checkbox"
              className="focus-ring mt-1 h-4 w-4"
              checked={checked(option.value)}
              onChange={(event) => onToggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
