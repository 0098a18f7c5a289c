import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import type { ResponseOf } from '../../api/types';
import { ChartFigure, COLORS } from '../../ui/chart-figure';
import { counted } from '../../ui/format';

type Dimension = ResponseOf<'/api/v1/analytics/faculty/{facultyId}/report', 'get'>['dimensions'][number];

/** The average of each dimension on the 1–5 scale, as horizontal bars, with the figures in the caption. */
export function DimensionChart({ dimensions }: { dimensions: Dimension[] }) {
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: dimensions.map((dimension) => dimension.displayName),
        datasets: [
          {
            label: 'Average (1–5)',
            data: dimensions.map((dimension) => dimension.average),
            backgroundColor: COLORS.primary,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false } },
        scales: {
          x: { min: 1, max: 5, title: { display: true, text: 'Average rating (1–5)' } },
          y: { grid: { display: false } },
        },
      },
    }),
    [dimensions],
  );
  const text = `Average rating per dimension: ${dimensions
    .map(
      (dimension) =>
        `${dimension.displayName} ${dimension.average.toFixed(2)} (${dimension.interpretation}, ${counted(dimension.responseCount, 'answer')})`,
    )
    .join('; ')}.`;
  return (
    <ChartFigure config={config} label={text} caption={text} height={Math.max(160, dimensions.length * 44 + 60)} />
  );
}
