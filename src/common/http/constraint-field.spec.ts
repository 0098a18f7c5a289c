import { describe, expect, it } from 'vitest';
import { fieldOfConstraintDetail } from './exception-filter.js';

describe('fieldOfConstraintDetail', () => {
  it("names the input field of PostgreSQL's key detail, never the table", () => {
    expect(
      fieldOfConstraintDetail(
        'Key (questionnaire_version_id)=(00000000-0000-4000-8000-000000000000) is not present in table "questionnaire_versions".',
      ),
    ).toBe('questionnaireVersionId');
    expect(fieldOfConstraintDetail('Key (semester_id, code)=(x, CCS) already exists.')).toBe('semesterId, code');
    expect(fieldOfConstraintDetail('Key (lower(username::text))=(ana) already exists.')).toBeUndefined();
    expect(fieldOfConstraintDetail(undefined)).toBeUndefined();
  });
});
