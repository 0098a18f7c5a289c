import type { ResponseOf } from '../../api/types';
import { counted, formatNumber } from '../../ui/format';
import { ScrollRegion } from '../../ui/scroll-region';

type Section = ResponseOf<'/api/v1/analytics/faculty/{facultyId}/report', 'get'>['sections'][number];
type Question = Section['questions'][number];

const OPTIONS: Record<Question['type'], Array<[string, string]>> = {
  LIKERT_5: [
    ['1', '1'],
    ['2', '2'],
    ['3', '3'],
    ['4', '4'],
    ['5', '5'],
  ],
  YES_NO: [
    ['0', 'No'],
    ['1', 'Yes'],
  ],
};

function Distribution({ question }: { question: Question }) {
  const counts = question.ratingCounts as Record<string, number>;
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return (
    <ul className="distribution" aria-label={`Answers to “${question.text}”`}>
      {OPTIONS[question.type].map(([value, label]) => {
        const count = counts[value] ?? 0;
        return (
          <li key={value}>
            <span className="distribution__label">{label}</span>
            <span className="distribution__track" aria-hidden="true">
              <span className="distribution__bar" style={{ inlineSize: `${total ? (count / total) * 100 : 0}%` }} />
            </span>
            <span className="distribution__count">{count}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Each question's answers, counted per value, section by section. */
export function QuestionDistributions({ sections }: { sections: Section[] }) {
  return (
    <div className="stack">
      {sections.map((section) => (
        <ScrollRegion key={section.id} label={`Answers of ${section.title}`}>
          <table className="table table--compact table--fixed">
            <colgroup>
              <col className="column--question" />
              <col className="column--figure" />
              <col className="column--figure" />
              <col className="column--distribution" />
            </colgroup>
            <caption>
              {section.path.length > 0 ? `${section.path.join(' › ')} › ` : ''}
              {section.title} (weight {formatNumber(section.weight)}, rating {formatNumber(section.rating)},{' '}
              {counted(section.responseCount, 'response')})
            </caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col" className="numeric">
                  Answers
                </th>
                <th scope="col" className="numeric">
                  Average
                </th>
                <th scope="col">Distribution</th>
              </tr>
            </thead>
            <tbody>
              {section.questions.map((question) => (
                <tr key={question.id}>
                  <th scope="row">{question.text}</th>
                  <td className="numeric">{question.responseCount}</td>
                  <td className="numeric">
                    {question.type === 'YES_NO' && question.average !== null
                      ? `${formatNumber(question.average * 100)}% yes`
                      : formatNumber(question.average)}
                  </td>
                  <td>
                    <Distribution question={question} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ))}
    </div>
  );
}
