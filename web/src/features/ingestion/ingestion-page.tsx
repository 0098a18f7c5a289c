import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import type { ResponseOf } from '../../api/types';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { Page, Section } from '../../ui/page';
import { Pager } from '../../ui/pager';
import { useQuestionnaireTypes } from '../questionnaires/questionnaires-page';
import { useQuestionnaireTitles } from '../questionnaires/questionnaire-titles';
import { statusName } from '../questionnaires/status-names';
import { ScrollRegion } from '../../ui/scroll-region';

type IngestResult = ResponseOf<'/api/v1/questionnaires/versions/{versionId}/ingest', 'post'>;

const PAGE_SIZE = 50;

/** Bulk ingestion of a CSV or XLSX file: a dry run first (nothing kept), per-row results, then the commit. */
export function IngestionPage() {
  const types = useQuestionnaireTypes();
  const [typeCode, setTypeCode] = useState('FACULTY_FEEDBACK');
  const [versionId, setVersionId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [delimiter, setDelimiter] = useState('');
  const [sheetName, setSheetName] = useState('');
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<{ file: File; versionId: string } | null>(null);

  const versions = useQuery({
    queryKey: ['questionnaires', 'types', typeCode, 'versions'],
    queryFn: () =>
      unwrap(api.GET('/api/v1/questionnaires/types/{type}/versions', { params: { path: { type: typeCode } } })),
    enabled: typeCode !== '',
  });
  const titles = useQuestionnaireTitles(typeCode);
  const chosenVersion =
    versionId || versions.data?.find((version) => version.status === 'ACTIVE')?.id || versions.data?.[0]?.id || '';

  const ingest = useMutation({
    mutationFn: async ({ dryRun }: { dryRun: boolean }): Promise<IngestResult> => {
      if (!file)
        throw new ApiError(400, 'Choose a file to upload.', [{ path: 'file', message: 'Choose a CSV or XLSX file.' }]);
      const form = new FormData();
      form.set('dryRun', dryRun ? 'true' : 'false');
      if (delimiter) form.set('delimiter', delimiter);
      if (sheetName) form.set('sheetName', sheetName);
      form.set('file', file, file.name);
      return unwrap(
        api.POST('/api/v1/questionnaires/versions/{versionId}/ingest', {
          params: { path: { versionId: chosenVersion } },
          body: {} as never,
          bodySerializer: () => form,
        }),
      );
    },
    onSuccess: (result) => {
      setPage(1);
      setChecked(result.dryRun && file ? { file, versionId: chosenVersion } : null);
    },
  });

  const result = ingest.data;
  const rows = (result?.results ?? []).filter((row) => !onlyErrors || row.status === 'error');
  const visible = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const problems = (path: string) =>
    (ingest.error instanceof ApiError ? ingest.error.at(path) : []).map((p) => p.message);
  const canCommit = checked !== null && checked.file === file && checked.versionId === chosenVersion;

  function dryRun(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    ingest.mutate({ dryRun: true });
  }

  return (
    <Page
      title="Bulk ingestion"
      lead="Load a spreadsheet of evaluations: columns respondent_username, faculty_username, course_shortname, one per question id, and comment."
    >
      <Section title="Upload">
        <form className="stack" onSubmit={dryRun} noValidate>
          <div className="editor-grid">
            <div className="field">
              <label htmlFor="ingest-type">Questionnaire type</label>
              <select
                id="ingest-type"
                value={typeCode}
                onChange={(event) => {
                  setTypeCode(event.target.value);
                  setVersionId('');
                }}
              >
                {(types.data ?? []).map((type) => (
                  <option key={type.code} value={type.code}>
                    {type.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="ingest-version">Version</label>
              <select id="ingest-version" value={chosenVersion} onChange={(event) => setVersionId(event.target.value)}>
                {(versions.data ?? []).map((version) => (
                  <option key={version.id} value={version.id}>
                    {titles.data?.get(version.questionnaireId) ?? 'Untitled questionnaire'}, version{' '}
                    {version.versionNumber} ({statusName(version.status).toLowerCase()})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="ingest-file">File (CSV or XLSX)</label>
              <input
                id="ingest-file"
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={problems('file').length > 0 || undefined}
                aria-describedby={problems('file').length > 0 ? 'ingest-file-error' : undefined}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <FieldProblems id="ingest-file-error" messages={problems('file')} />
            </div>
            <div className="field">
              <label htmlFor="ingest-delimiter">CSV delimiter (optional, detected when empty)</label>
              <input
                id="ingest-delimiter"
                value={delimiter}
                maxLength={1}
                aria-invalid={problems('delimiter').length > 0 || undefined}
                aria-describedby={problems('delimiter').length > 0 ? 'ingest-delimiter-error' : undefined}
                onChange={(event) => setDelimiter(event.target.value)}
              />
              <FieldProblems id="ingest-delimiter-error" messages={problems('delimiter')} />
            </div>
            <div className="field">
              <label htmlFor="ingest-sheet">Sheet name (XLSX, optional)</label>
              <input id="ingest-sheet" value={sheetName} onChange={(event) => setSheetName(event.target.value)} />
            </div>
          </div>
          {ingest.isError ? <ErrorMessage error={ingest.error} fieldPaths={['file', 'delimiter']} /> : null}
          <div className="actions">
            <button type="submit" className="button" disabled={ingest.isPending || !chosenVersion}>
              Dry run
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={ingest.isPending || !canCommit}
              aria-describedby="commit-hint"
              onClick={() => ingest.mutate({ dryRun: false })}
            >
              Commit
            </button>
            <span id="commit-hint" className="muted">
              {canCommit ? 'Stores the rows that passed the dry run.' : 'Run a dry run of this file first.'}
            </span>
          </div>
          {ingest.isPending && (
            <p role="status" className="muted">
              Processing the file…
            </p>
          )}
        </form>
      </Section>
      {result && (
        <Section title={result.dryRun ? 'Dry run results' : 'Ingestion results'}>
          <p role="status" className={result.failed > 0 ? 'notice' : 'success'}>
            {result.dryRun ? 'Dry run (nothing stored): ' : 'Stored: '}
            {result.succeeded} of {result.total} rows {result.dryRun ? 'would be stored' : 'stored'}, {result.failed}{' '}
            refused.
            {result.csv ? ` CSV delimiter “${result.csv.delimiter}”${result.csv.detected ? ' (detected)' : ''}.` : ''}
          </p>
          <div className="field field--checkbox">
            <input
              id="only-errors"
              type="checkbox"
              checked={onlyErrors}
              onChange={(event) => {
                setOnlyErrors(event.target.checked);
                setPage(1);
              }}
            />
            <label htmlFor="only-errors">Only refused rows</label>
          </div>
          <ScrollRegion label="Row results table">
            <table className="table table--compact">
              <caption>Result per data row (row 1 is the first row after the header)</caption>
              <thead>
                <tr>
                  <th scope="col" className="numeric">
                    Row
                  </th>
                  <th scope="col">Result</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {visible.map((row) => (
                  <tr key={row.sourceIdentifier}>
                    <th scope="row" className="numeric">
                      {row.sourceIdentifier}
                    </th>
                    <td>
                      <span className={`tag tag--${row.status === 'ok' ? 'done' : 'negative'}`}>
                        {row.status === 'ok' ? 'OK' : 'Refused'}
                      </span>
                    </td>
                    <td>{row.status === 'ok' ? (row.submissionId ?? (result.dryRun ? 'valid' : '')) : row.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager page={page} limit={PAGE_SIZE} total={rows.length} onPage={setPage} label="Result pages" />
        </Section>
      )}
    </Page>
  );
}
