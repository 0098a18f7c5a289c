import type { ResponseOf } from '../../api/types';
import { formatNumber } from '../../ui/format';
import { ScrollRegion } from '../../ui/scroll-region';

type Overview = ResponseOf<'/api/v1/analytics/faculty/{facultyId}/overview', 'get'>;

const COVERAGE: Record<Overview['coverageStatus'], string> = {
  FULL: 'Full: student feedback, classroom and out-of-classroom evaluations',
  PARTIAL: 'Partial: student feedback and one of the two observations',
  PARTIAL_NO_FEEDBACK: 'Partial, without student feedback: no composite rating',
  FEEDBACK_ONLY: 'Student feedback only',
  INSUFFICIENT: 'Insufficient: one observation only, no composite rating',
  NO_DATA: 'No evaluations',
};

const TYPE_NAMES: Record<string, string> = {
  FACULTY_FEEDBACK: 'Student feedback',
  FACULTY_IN_CLASSROOM: 'Classroom observation',
  FACULTY_OUT_OF_CLASSROOM: 'Out-of-classroom evaluation',
};

export const typeName = (code: string) => TYPE_NAMES[code] ?? code;

/** The composite rating over the three questionnaire types, its coverage status and what each type adds. */
export function CompositeRating({ overview }: { overview: Overview }) {
  return (
    <div className="composite">
      <dl className="stats">
        <div>
          <dt>Composite rating (0–100)</dt>
          <dd className="stats__big">{formatNumber(overview.composite.rating)}</dd>
        </div>
        <div className="stats__wide">
          <dt>Coverage</dt>
          <dd>
            <span className={`tag tag--coverage-${overview.coverageStatus.toLowerCase()}`}>
              {overview.coverageStatus}
            </span>{' '}
            {COVERAGE[overview.coverageStatus]} (weight {formatNumber(overview.coverageWeight)})
          </dd>
        </div>
      </dl>
      <ScrollRegion label="Composite contributions table">
        <table className="table table--compact">
          <caption>Contributions to the composite rating</caption>
          <thead>
            <tr>
              <th scope="col">Questionnaire</th>
              <th scope="col" className="numeric">
                Weight
              </th>
              <th scope="col" className="numeric">
                Effective weight
              </th>
              <th scope="col" className="numeric">
                Rating
              </th>
              <th scope="col" className="numeric">
                Evaluations
              </th>
              <th scope="col" className="numeric">
                Contribution
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.contributions.map((contribution) => (
              <tr key={contribution.questionnaireTypeCode}>
                <th scope="row">{typeName(contribution.questionnaireTypeCode)}</th>
                <td className="numeric">{formatNumber(contribution.weight)}</td>
                <td className="numeric">{formatNumber(contribution.effectiveWeight)}</td>
                <td className="numeric">{formatNumber(contribution.rating)}</td>
                <td className="numeric">{contribution.submissionCount}</td>
                <td className="numeric">{formatNumber(contribution.contribution)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
