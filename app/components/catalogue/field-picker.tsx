import { useState } from "react";
import { afterHydration } from "#app/components/ui/after-hydration.tsx";
import { useOptionText, type FieldPickerProps } from "./field-options.ts";

export type { FieldOption } from "./field-options.ts";

/**
 * One column's marketplace field. Without JavaScript (and before hydration)
 * a native select; with it a searchable combobox that opens on a click and
 * keeps the usual select keyboard behaviour: space opens the list when
 * nothing is typed, the down arrow opens it or moves the highlight, typing
 * searches every choice ("Not assigned" too), and an empty search says so.
 * A field already chosen for another column says which. Both post the same
 * form field.
 */
export function FieldPicker(props: FieldPickerProps) {
  // What is chosen in the select while the combobox's code is on its way is the combobox's first choice.
  const [chosen, setChosen] = useState(props.defaultValue);
  return (
    <FieldComboboxAfterHydration
      {...props}
      defaultValue={chosen}
      onChange={(value) => {
        setChosen(value);
        props.onChange?.(value);
      }}
    />
  );
}

/** The combobox (field-combobox.tsx, with Headless UI) is fetched once the page is hydrated; the select stands until then. */
const FieldComboboxAfterHydration = afterHydration<FieldPickerProps>(
  () => import("./field-combobox.tsx").then((module) => module.FieldCombobox),
  NativeFieldSelect,
);

function NativeFieldSelect({ id, name, label, options, defaultValue, emptyLabel, invalid, describedBy, disabled, onChange }: FieldPickerProps) {
  const assigned = useOptionText();
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      className="field-picker__select"
      onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
    >
      <option value="">{emptyLabel}</option>
      {options.map((option) => {
        const taken = assigned(option);
        return (
          <option key={option.value} value={option.value}>
            {taken ? `${option.label} – ${taken}` : option.label}
          </option>
        );
      })}
    </select>
  );
}
