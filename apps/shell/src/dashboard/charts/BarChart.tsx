import { useMemo } from 'react';
import { theme } from '@backoffice/ui-kit';

export interface BarSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
}

export interface BarChartProps {
  /** What the chart shows, said in words: its accessible name. */
  title: string;
  /** One label per bar group (a day, YYYY-MM-DD). */
  labels: string[];
  series: BarSeries[];
  /** Stacked: one bar a day made of every series; else the series stand side by side. */
  stacked?: boolean;
  format: (n: number) => string;
  /** How the axis reads its values; `format` when left out. */
  axisFormat?: (n: number) => string;
  height?: number;
}

const WIDTH = 720;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };

/** A rounded-up axis maximum with a readable step: 1, 2 or 5 times a power of ten. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

/**
 * A plain SVG bar chart: a few hundred bytes of code where a chart library would be a hundred
 * kilobytes, and it scales with the container. Each day's bars carry a tooltip with every value.
 */
export function BarChart({
  title,
  labels,
  series,
  stacked = false,
  format,
  axisFormat = format,
  height = 220,
}: BarChartProps) {
  const { token } = theme.useToken();
  const totals = useMemo(() => labels.map((_, i) => series.map((s) => s.values[i] ?? 0)), [labels, series]);
  const max = niceMax(
    Math.max(0, ...totals.map((vs) => (stacked ? vs.reduce((a, b) => a + b, 0) : Math.max(0, ...vs)))),
  );
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, labels.length);
  const barW = stacked ? slot * 0.7 : (slot * 0.8) / Math.max(1, series.length);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  // Small counts would label 0.25 and 0.5 as "0" and "1" twice; each label is drawn once.
  const seen = new Set<string>();
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((t) => t * max)
    .filter((t) => !seen.has(axisFormat(t)) && !!seen.add(axisFormat(t)));

  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={title}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ display: 'block', color: token.colorTextSecondary, fontSize: 11 }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke={token.colorBorderSecondary} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fill="currentColor">
              {axisFormat(t)}
            </text>
          </g>
        ))}
        {labels.map((label, i) => {
          const x0 = PAD.left + i * slot + (slot - (stacked ? barW : barW * series.length)) / 2;
          let base = 0;
          return (
            <g key={label} data-day={label}>
              <title>{`${label}: ${series.map((s) => `${s.label} ${format(s.values[i] ?? 0)}`).join(', ')}`}</title>
              {/* The whole slot answers to hover, so that a quiet day still shows its tooltip. */}
              <rect x={PAD.left + i * slot} y={PAD.top} width={slot} height={plotH} fill="transparent" />
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                const top = stacked ? y(base + v) : y(v);
                const bottom = stacked ? y(base) : y(0);
                if (stacked) base += v;
                return (
                  <rect
                    key={s.key}
                    x={stacked ? x0 : x0 + k * barW}
                    y={top}
                    width={Math.max(1, barW - (stacked ? 0 : 1))}
                    height={Math.max(0.5, bottom - top)}
                    fill={s.color}
                  />
                );
              })}
              {/* Every fifth day and the last are labelled; thirty labels would overlap. */}
              {(i % 5 === 0 || i === labels.length - 1) && (
                <text x={PAD.left + i * slot + slot / 2} y={height - 8} textAnchor="middle" fill="currentColor">
                  {label.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 8 }}>
        {series.map((s) => (
          <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span aria-hidden style={{ width: 10, height: 10, background: s.color, borderRadius: 2 }} />
            {s.label}: {format(s.values.reduce((a, b) => a + b, 0))}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
