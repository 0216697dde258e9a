import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { MetricRow } from "#app/lib/home/analytics-table.ts";

/**
 * The line chart of one figure (and its comparison period). Drawn in the
 * browser only; its text alternative and table are rendered beside it.
 */
export default function MetricChart({
  rows,
  label,
  comparisonLabel,
  format,
  formatTick,
  formatDate,
}: {
  rows: MetricRow[];
  label: string;
  comparisonLabel: string | null;
  format: (value: number) => string;
  /** A date on the axis (short). */
  formatTick: (date: string) => string;
  /** A date in the tooltip. */
  formatDate: (date: string) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid stroke="#d9dde3" strokeDasharray="3 3" />
        <XAxis dataKey="date" tick={{ fill: "#3d4451", fontSize: 12 }} minTickGap={24} tickFormatter={formatTick} />
        <YAxis tick={{ fill: "#3d4451", fontSize: 12 }} tickFormatter={format} width={88} />
        <Tooltip formatter={(value) => format(Number(value))} labelFormatter={(value) => formatDate(String(value))} />
        <Legend />
        <Line type="monotone" dataKey="value" name={label} stroke="#0b5cad" strokeWidth={2} dot={false} isAnimationActive={false} />
        {comparisonLabel ? (
          <Line
            type="monotone"
            dataKey="comparisonValue"
            name={comparisonLabel}
            stroke="#8a4b00"
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={false}
            isAnimationActive={false}
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
