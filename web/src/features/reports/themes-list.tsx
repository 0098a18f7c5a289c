import type { ResponseOf } from '../../api/types';
import { counted } from '../../ui/format';
import { SentimentSplit } from '../analytics/sentiment-split';

type Summary = ResponseOf<'/api/v1/analytics/faculty/{facultyId}/qualitative-summary', 'get'>;

/** The themes of the comments, largest first, with their sentiment split and the quotes the API answers. */
export function ThemesList({ summary }: { summary: Summary }) {
  if (summary.themes.length === 0) return <p>No themes yet: the comments of this report have not been analysed.</p>;
  return (
    <>
      {summary.redacted && <p className="notice">Student quotes are withheld in a faculty member's own report.</p>}
      <ol className="cards">
        {summary.themes.map((theme) => (
          <li key={theme.themeId} className="card">
            <h3>{theme.label}</h3>
            <p className="muted">{counted(theme.count, 'comment')}</p>
            <SentimentSplit counts={theme.sentimentSplit} />
            {theme.sampleQuotes && theme.sampleQuotes.length > 0 && (
              <ul className="quotes" aria-label={`Sample quotes about ${theme.label}`}>
                {theme.sampleQuotes.map((quote, index) => (
                  <li key={index}>
                    <blockquote>{quote}</blockquote>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
