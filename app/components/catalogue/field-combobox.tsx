import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { forwardRef, useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useOptionText, type FieldOption, type FieldPickerProps } from "./field-options.ts";

const EMPTY: FieldOption = { value: "", label: "" };

/**
 * The combobox's input with the descriptions it is given (`data-describedby`: the column's error, clash and
 * suggestion). Headless UI sets `aria-describedby` itself, from its own `Description`s only, over the one it is passed.
 */
const DescribedInput = forwardRef<HTMLInputElement, ComponentPropsWithoutRef<"input"> & { "data-describedby"?: string }>(function DescribedInput(
  { "data-describedby": describedBy, ...props },
  ref,
) {
  return <input {...props} ref={ref} aria-describedby={describedBy ?? props["aria-describedby"]} />;
});

/** The field picker once hydrated (see FieldPicker): a Headless UI combobox, fetched after the page's first scripts. */
export function FieldCombobox({ id, name, label, options, defaultValue, emptyLabel, invalid, describedBy, disabled, loading, onChange }: FieldPickerProps) {
  const { t } = useTranslation();
  const assigned = useOptionText();
  const all: FieldOption[] = [{ ...EMPTY, label: emptyLabel }, ...options];
  const [selectedValue, setSelectedValue] = useState(() => (all.some((option) => option.value === defaultValue) ? defaultValue : ""));
  const selected = all.find((option) => option.value === selectedValue) ?? all[0]!;
  const [query, setQuery] = useState("");
  const button = useRef<HTMLButtonElement>(null);
  const needle = query.trim().toLocaleLowerCase();
  const filtered = needle ? all.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : all;

  const choose = (option: FieldOption | null) => {
    const value = option?.value ?? "";
    setSelectedValue(value);
    onChange?.(value);
  };
  const expanded = (input: HTMLInputElement) => input.getAttribute("aria-expanded") === "true";
  const openOnSpace = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key === " " && !expanded(input) && (input.value === "" || input.value === selected.label)) {
      event.preventDefault();
      button.current?.click();
    }
  };
  // A click (or tap) into the field opens the list, as a select does; the field's text is selected, so typing searches afresh.
  const openOnClick = (event: MouseEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (!expanded(input)) {
      button.current?.click();
      input.select();
    }
  };

  return (
    <div className="field-picker">
      <Combobox value={selected} by="value" onChange={choose} onClose={() => setQuery("")} disabled={disabled}>
        <div className="field-picker__control">
          <ComboboxInput
            as={DescribedInput}
            id={id}
            aria-label={label}
            aria-invalid={invalid || undefined}
            data-describedby={describedBy}
            className="field-picker__input"
            displayValue={(option: FieldOption | null) => option?.label ?? ""}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={openOnSpace}
            onClick={openOnClick}
            onFocus={(event) => event.currentTarget.select()}
            autoComplete="off"
          />
          <ComboboxButton ref={button} className="field-picker__button" aria-label={t("catalogue.mapping.search")}>
            <span aria-hidden="true">▾</span>
          </ComboboxButton>
        </div>
        <ComboboxOptions className="field-picker__options" anchor={{ to: "bottom start", gap: 4 }} modal={false}>
          {loading ? (
            <ComboboxOption value={selected} disabled className="field-picker__message">
              {t("catalogue.mapping.loading")}
            </ComboboxOption>
          ) : filtered.length === 0 ? (
            <ComboboxOption value={selected} disabled className="field-picker__message">
              {t("catalogue.mapping.noOptions")}
            </ComboboxOption>
          ) : (
            filtered.map((option) => {
              const taken = assigned(option);
              return (
                <ComboboxOption key={option.value || "none"} value={option} className={`field-picker__option${taken ? " field-picker__option--taken" : ""}`}>
                  <span className="field-picker__label">{option.label}</span>
                  {taken ? <span className="field-picker__taken">{` – ${taken}`}</span> : null}
                </ComboboxOption>
              );
            })
          )}
        </ComboboxOptions>
      </Combobox>
      {/* The form field itself: the combobox's own hidden input would post an object. */}
      <input type="hidden" name={name} value={selected.value} />
    </div>
  );
}
