import type { ChartConfiguration } from 'chart.js';
import { useEffect, useRef, type ReactNode } from 'react';

export const COLORS = {
  primary: '#1d4ed8',
  positive: '#15803d',
  neutral: '#6b7280',
  negative: '#b91c1c',
  grid: '#e5e7eb',
} as const;

let chartModule: Promise<typeof import('./chart-setup')> | undefined;
/** Chart.js is a chunk of its own: only pages that draw a chart load it, and it never delays their figures. */
const loadChart = () => (chartModule ??= import('./chart-setup'));
// Start fetching it with the page that draws charts, in parallel with the page's data.
void loadChart();

/**
 * A bar chart with its text alternative: the canvas carries an aria-label with the figures, and the caption
 * says them for everyone. `config` should be memoised by the caller (a new object redraws the chart).
 */
export function ChartFigure({
  config,
  label,
  caption,
  height = 260,
}: {
  config: ChartConfiguration<'bar'>;
  label: string;
  caption: ReactNode;
  height?: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    let chart: { destroy(): void } | undefined;
    void loadChart().then(({ Chart }) => {
      if (cancelled || !canvasRef.current) return;
      chart = new Chart(canvasRef.current, {
        ...config,
        options: { responsive: true, maintainAspectRatio: false, ...config.options },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [config]);
  return (
    <figure className="chart">
      <div className="chart__canvas" style={{ height }}>
        <canvas ref={canvasRef} role="img" aria-label={label} />
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
