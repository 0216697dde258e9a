import type { ReactNode } from "react";

export type DataTableColumn = ReactNode | { label: ReactNode; className?: string };

function isColumnObject(column: DataTableColumn): column is { label: ReactNode; className?: string } {
  return typeof column === "object" && column !== null && "label" in column;
}

/**
 * A table of rows under a header row, in a frame that scrolls sideways on a
 * narrow screen instead of the page. Named by a heading (`labelledBy`) or a
 * `label`, the frame is a focusable region, so a keyboard can scroll it.
 * Inside a section that the same heading already names as a region, the
 * caller passes `landmark={false}`: the frame is then a named group, as
 * focusable, and a screen reader's list of landmarks holds that name once.
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
  landmark = true,
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
  /** Whether the named frame is a region landmark: not when the section around it is the region of the same name. */
  landmark?: boolean;
  children: ReactNode;
}) {
  const named = labelledBy || label ? { role: landmark ? "region" : "group", tabIndex: 0, "aria-labelledby": labelledBy, "aria-label": label } : {};
  return (
    <div className={frameClassName ? `table-scroll ${frameClassName}` : "table-scroll"} id={frameId} {...named}>
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
