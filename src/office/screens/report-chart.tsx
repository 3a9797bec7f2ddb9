import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

/*
 * The reports' bar chart (docs/office.md "Reports"), in a module of its own so that the office
 * loads the chart library (recharts) only when the reports open.
 */

/** Colours of a chart's bars, apart for colour-blind readers too (blue, orange, green, red). */
const COLOURS = ['#1d5fbf', '#c2570c', '#1b7f4c', '#a8322d'];

/**
 * Bars for each point (`x` its label, `values` one per series of `names`), values written by
 * `format` on the axis and in the tooltip; `stacked`: one bar per point. The table beside it holds
 * the same figures, so the picture is hidden from screen readers and takes no focus.
 */
export default function ReportChart({
  label,
  names,
  points,
  format,
  stacked = false,
}: {
  label: string;
  names: string[];
  points: { x: string; values: number[] }[];
  format: (value: number) => string;
  stacked?: boolean;
}) {
  const data = points.map((p) => ({ x: p.x, ...Object.fromEntries(p.values.map((v, i) => [`s${i}`, v])) }));
  return (
    <figure className="office-reports-chart" data-testid="report-chart" aria-label={label}>
      <div aria-hidden="true">
        <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: 260 }} data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="x" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} width={72} tickFormatter={(v: number) => format(v)} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Legend />
          {names.map((name, i) => (
            <Bar
              key={name}
              dataKey={`s${i}`}
              name={name}
              fill={COLOURS[i % COLOURS.length]}
              stackId={stacked ? 'all' : undefined}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </div>
    </figure>
  );
}
