import { formatPercent } from '../../ui/format';

export interface SentimentCounts {
  positive: number;
  neutral: number;
  negative: number;
}

/** A stacked bar of positive / neutral / negative with the figures in words beside it. */
export function SentimentSplit({ counts, compact = false }: { counts: SentimentCounts; compact?: boolean }) {
  const total = counts.positive + counts.neutral + counts.negative;
  if (total === 0) return <span className="muted">No analysed comments</span>;
  const share = (count: number) => count / total;
  const text = compact
    ? `${formatPercent(share(counts.positive))} positive`
    : `${counts.positive} positive (${formatPercent(share(counts.positive))}), ${counts.neutral} neutral, ${counts.negative} negative`;
  return (
    <span className="sentiment">
      <span className="sentiment__bar" aria-hidden="true">
        <span className="sentiment__part sentiment__part--positive" style={{ flexGrow: counts.positive }} />
        <span className="sentiment__part sentiment__part--neutral" style={{ flexGrow: counts.neutral }} />
        <span className="sentiment__part sentiment__part--negative" style={{ flexGrow: counts.negative }} />
      </span>
      <span className="sentiment__text">
        {text}
        {compact && (
          <span className="visually-hidden">
            , {counts.neutral} neutral, {counts.negative} negative of {total}
          </span>
        )}
      </span>
    </span>
  );
}
