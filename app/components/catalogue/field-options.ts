import { useTranslation } from "#app/lib/i18n/use-translation.ts";

/** A marketplace field to choose; `assignedTo`: the other columns it is chosen for already (shown beside it, so a clash is seen before saving). */
export type FieldOption = { value: string; label: string; assignedTo?: readonly string[] };

export type FieldPickerProps = {
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
  /** Each choice, as it is made (with JavaScript). */
  onChange?: (value: string) => void;
};

/** "EAN (required) – assigned to column Code": an option's words with where it is taken already. */
export function useOptionText() {
  const { t } = useTranslation();
  return (option: FieldOption) =>
    option.assignedTo?.length ? t("catalogue.mapping.assignedTo", { count: option.assignedTo.length, columns: option.assignedTo.join(", ") }) : null;
}
