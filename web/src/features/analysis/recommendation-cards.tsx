import { counted, humanize } from '../../ui/format';
import { SentimentSplit } from '../analytics/sentiment-split';
import type { Action } from './pipeline-types';

const FACETS: Record<Action['facet'], string> = {
  facultyFeedback: 'Student feedback',
  inClassroom: 'In the classroom',
  outOfClassroom: 'Out of the classroom',
  overall: 'Overall',
};

const PRIORITY_ORDER = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const;

/** The steps of a plan written as "1. … 2. … 3. …" (numbers in order), or null when it is not written so. */
function steps(text: string): string[] | null {
  const starts: number[] = [];
  for (let number = 1, from = 0; ; number += 1) {
    const marker = new RegExp(`(?:^|\\s)${number}\\.\\s`, 'g');
    marker.lastIndex = from;
    const found = marker.exec(text);
    if (!found) break;
    starts.push(found.index + found[0].indexOf(`${number}.`));
    from = marker.lastIndex;
  }
  if (starts.length < 2 || starts[0] !== 0) return null;
  return starts.map((at, index) =>
    text
      .slice(at, starts[index + 1])
      .replace(/^\d+\.\s+/, '')
      .trim(),
  );
}

function Plan({ text }: { text: string }) {
  const list = steps(text.trim());
  if (!list) return <p>{text}</p>;
  return (
    <ol className="plan">
      {list.map((step, index) => (
        <li key={index}>{step}</li>
      ))}
    </ol>
  );
}

export function RecommendationCards({ actions }: { actions: Action[] }) {
  const ordered = actions.toSorted(
    (a, b) => a.category.localeCompare(b.category) || PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority],
  );
  return (
    <ol className="cards cards--wide" aria-label="Recommendations">
      {ordered.map((action) => (
        <li key={action.id} className={`card card--${action.category.toLowerCase()}`}>
          <p className="card__kicker">
            <span className={`tag tag--${action.category.toLowerCase()}`}>
              {action.category === 'STRENGTH' ? 'Strength' : 'Improvement'}
            </span>{' '}
            <span className={`tag tag--priority-${action.priority.toLowerCase()}`}>
              {humanize(action.priority)} priority
            </span>{' '}
            <span className="tag">Confidence: {humanize(action.supportingEvidence.confidenceLevel)}</span>{' '}
            <span className="tag">{FACETS[action.facet]}</span>
          </p>
          <h3>{action.headline}</h3>
          <p>{action.description}</p>
          <h4>Plan</h4>
          <Plan text={action.actionPlan} />
          <details className="evidence">
            <summary>
              Evidence ({action.supportingEvidence.sources.length}{' '}
              {action.supportingEvidence.sources.length === 1 ? 'source' : 'sources'})
            </summary>
            <ul>
              {action.supportingEvidence.sources.map((source, index) =>
                source.type === 'topic' ? (
                  <li key={`${source.topicId}-${index}`}>
                    <p>
                      <strong>Topic: {source.label}</strong> ({counted(source.commentCount, 'comment')})
                    </p>
                    <SentimentSplit counts={source.sentimentBreakdown} />
                    {source.sampleQuotes && source.sampleQuotes.length > 0 ? (
                      <ul className="quotes">
                        {source.sampleQuotes.map((quote, quoteIndex) => (
                          <li key={quoteIndex}>
                            <blockquote>{quote}</blockquote>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ) : (
                  <li key={`${source.dimensionCode}-${index}`}>
                    <strong>Dimension {source.dimensionCode}</strong>: average {source.averageScore.toFixed(2)}
                  </li>
                ),
              )}
            </ul>
          </details>
        </li>
      ))}
    </ol>
  );
}
