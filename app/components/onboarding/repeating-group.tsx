import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useFieldReading } from "#app/components/ui/field-reading.tsx";
import { FieldError } from "#app/components/ui/fields.tsx";
import { useStepFieldTexts } from "./field-texts.ts";

/**
 * A step's list of groups (warehouses, representatives) under the list's own
 * error (too few, too many), which the error summary links to by the list's id.
 */
export function RepeatingGroup({ list, children }: { list: FieldMetadata<unknown>; children: ReactNode }) {
  const { message } = useStepFieldTexts();
  const { id, errorId, errors, name } = useFieldReading(list);
  return (
    <div id={id} tabIndex={-1} className="repeating-group">
      <FieldError id={errorId} errors={errors?.map((error) => message(error, name))} />
      {children}
    </div>
  );
}
