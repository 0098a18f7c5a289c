import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { ChartFigure, COLORS } from '../../ui/chart-figure';

const BIN_WIDTH = 10;
const BINS = Array.from({ length: 100 / BIN_WIDTH }, (_, index) => index * BIN_WIDTH);

const binLabel = (start: number) => (start + BIN_WIDTH >= 100 ? `${start}–100` : `${start}–${start + BIN_WIDTH - 1}`);

/** How many faculty members' average scores (0-100) fall in each band of ten. */
export function ScoreDistribution({ scores }: { scores: Array<number | null> }) {
  const { counts, unrated } = useMemo(() => {
    const counts = BINS.map(() => 0);
    let unrated = 0;
    for (const score of scores) {
      if (score === null) unrated += 1;
      else counts[Math.min(BINS.length - 1, Math.floor(score / BIN_WIDTH))]! += 1;
    }
    return { counts, unrated };
  }, [scores]);
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: BINS.map(binLabel),
        datasets: [{ label: 'Faculty members', data: counts, backgroundColor: COLORS.primary }],
      },
      options: {
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: 'Average score (0–100)' }, grid: { display: false } },
          y: { title: { display: true, text: 'Faculty members' }, beginAtZero: true, ticks: { precision: 0 } },
        },
      },
    }),
    [counts],
  );
  const figures = BINS.map((start, index) => `${binLabel(start)}: ${counts[index]}`).join(', ');
  const summary = `Faculty members by average score: ${figures}${unrated > 0 ? `; no score yet: ${unrated}` : ''}.`;
  return <ChartFigure config={config} label={summary} caption={summary} height={220} />;
}
