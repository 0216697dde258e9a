import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

export type FieldOption = { value: string; label: string };

type FieldPickerProps = {
  id: string;
  name: string;
  label: string;
  options: FieldOption[];
  defaultValue: string;
  /** The "not assigned" choice's text. */
  emptyLabel: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** While the page reloads its data the list says so. */
  loading?: boolean;
};

/**
 * One column's marketplace field. Without JavaScript (and before hydration)
 * a native select; with it a searchable combobox with the usual select
 * keyboard behaviour: space opens the list when nothing is typed, the down
 * arrow opens it or moves the highlight, and an empty search says so.
 * Both post the same form field.
 */
export function FieldPicker(props: FieldPickerProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <NativeFieldSelect {...props} />;
  return <FieldCombobox {...props} />;
}

function NativeFieldSelect({ id, name, label, options, defaultValue, emptyLabel, invalid, describedBy, disabled }: FieldPickerProps) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <option value="">{emptyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const EMPTY: FieldOption = { value: "", label: "" };

function FieldCombobox({ id, name, label, options, defaultValue, emptyLabel, invalid, describedBy, disabled, loading }: FieldPickerProps) {
  const { t } = useTranslation();
  const all: FieldOption[] = [{ ...EMPTY, label: emptyLabel }, ...options];
  const [selected, setSelected] = useState<FieldOption>(all.find((option) => option.value === defaultValue) ?? all[0]!);
  const [query, setQuery] = useState("");
  const button = useRef<HTMLButtonElement>(null);
  const needle = query.trim().toLocaleLowerCase();
  const filtered = needle ? all.filter((option) => option.value !== "" && option.label.toLocaleLowerCase().includes(needle)) : all;

  const openOnSpace = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const expanded = input.getAttribute("aria-expanded") === "true";
    if (event.key === " " && !expanded && (input.value === "" || input.value === selected.label)) {
      event.preventDefault();
      button.current?.click();
    }
  };

  return (
    <div className="field-picker">
      <Combobox
        value={selected}
        by="value"
        onChange={(option: FieldOption | null) => setSelected(option ?? all[0]!)}
        onClose={() => setQuery("")}
        disabled={disabled}
      >
        <div className="field-picker__control">
          <ComboboxInput
            id={id}
            aria-label={label}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className="field-picker__input"
            displayValue={(option: FieldOption | null) => option?.label ?? ""}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={openOnSpace}
            autoComplete="off"
          />
          <ComboboxButton ref={button} className="field-picker__button" aria-label={t("catalogue.mapping.search")}>
            <span aria-hidden="true">▾</span>
          </ComboboxButton>
        </div>
        <ComboboxOptions className="field-picker__options" modal={false}>
          {loading ? (
            <ComboboxOption value={selected} disabled className="field-picker__message">
              {t("catalogue.mapping.loading")}
            </ComboboxOption>
          ) : filtered.length === 0 ? (
            <ComboboxOption value={selected} disabled className="field-picker__message">
              {t("catalogue.mapping.noOptions")}
            </ComboboxOption>
          ) : (
            filtered.map((option) => (
              <ComboboxOption key={option.value || "none"} value={option} className="field-picker__option">
                {option.label}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
      {/* The form field itself: the combobox's own hidden input would post an object. */}
      <input type="hidden" name={name} value={selected.value} />
    </div>
  );
}
