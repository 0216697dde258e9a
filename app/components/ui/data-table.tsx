import type { ReactNode } from "react";

export type DataTableColumn = ReactNode | { label: ReactNode; className?: string };

function isColumnObject(column: DataTableColumn): column is { label: ReactNode; className?: string } {
  return typeof column === "object" && column !== null && "label" in column;
}

/**
 * A table of rows under a header row, in a frame that scrolls sideways on a
 * narrow screen instead of the page. Named by a heading (`labelledBy`) or a
 * `label`, the frame is a focusable region, so a keyboard can scroll it.
 * The rows (`children`) are the caller's: their cells differ per table.
 */
export function DataTable({
  columns,
  labelledBy,
  label,
  caption,
  id,
  className = "table",
  frameClassName,
  frameId,
  children,
}: {
  columns: DataTableColumn[];
  labelledBy?: string;
  label?: string;
  caption?: ReactNode;
  id?: string;
  className?: string;
  frameClassName?: string;
  /** The frame's id, for a link to the whole table with what the frame holds. */
  frameId?: string;
  children: ReactNode;
}) {
  const region = labelledBy || label ? { role: "region", tabIndex: 0, "aria-labelledby": labelledBy, "aria-label": label } : {};
  return (
    <div className={frameClassName ? `table-scroll ${frameClassName}` : "table-scroll"} id={frameId} {...region}>
      <table className={className} id={id}>
        {caption}
        <thead>
          <tr>
            {columns.map((column, index) =>
              isColumnObject(column) ? (
                <th scope="col" key={index} className={column.className}>
                  {column.label}
                </th>
              ) : (
                <th scope="col" key={index}>
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
