import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { Pager } from '../../ui/pager';
import { ScrollRegion } from '../../ui/scroll-region';
import { AuditDetails, AuditTarget } from './audit-record-parts';

const PAGE_SIZE = 25;

interface Filters {
  action: string;
  actor: string;
  from: string;
  to: string;
}

/** Who did what and when: the audit records, newest first, filtered as the API allows. */
export function AuditPage() {
  const [draft, setDraft] = useState<Filters>({ action: '', actor: '', from: '', to: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const query = {
    page,
    limit: PAGE_SIZE,
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actor ? { actor: filters.actor } : {}),
    // Dates are whole days in the reader's time zone, sent as UTC instants.
    ...(filters.from ? { from: new Date(`${filters.from}T00:00:00`).toISOString() } : {}),
    ...(filters.to ? { to: new Date(`${filters.to}T00:00:00`).toISOString() } : {}),
  };
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: () => unwrap(api.GET('/api/v1/admin/audit', { params: { query } })),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const problems = (path: string) =>
    (audit.error instanceof ApiError ? audit.error.at(path) : []).map((p) => p.message);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPage(1);
    setFilters(draft);
  }

  const input = (key: keyof Filters, label: string, type = 'text') => (
    <div className="field field--inline">
      <label htmlFor={`audit-${key}`}>{label}</label>
      <input
        id={`audit-${key}`}
        type={type}
        value={draft[key]}
        aria-invalid={problems(key).length > 0 || undefined}
        aria-describedby={problems(key).length > 0 ? `audit-${key}-error` : undefined}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
      <FieldProblems id={`audit-${key}-error`} messages={problems(key)} />
    </div>
  );

  return (
    <Page title="Audit log" lead="Every recorded administrative action, newest first.">
      <form className="toolbar" onSubmit={apply} aria-label="Filter the audit log">
        {input('action', 'Action')}
        {input('actor', 'Actor (username)')}
        {input('from', 'From (day)', 'date')}
        {input('to', 'Before (day)', 'date')}
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      {audit.isPending ? <Loading what="the audit log" /> : null}
      {audit.isError ? <ErrorMessage error={audit.error} /> : null}
      {audit.data && (
        <Section title="Records">
          {audit.data.items.length === 0 ? (
            <p>No audit record matches.</p>
          ) : (
            <ScrollRegion label="Audit records table">
              <table className="table table--compact">
                <caption>
                  Audit records {(audit.data.page - 1) * audit.data.limit + 1}–
                  {(audit.data.page - 1) * audit.data.limit + audit.data.items.length} of {audit.data.total}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Action</th>
                    <th scope="col">Actor</th>
                    <th scope="col">Target</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {audit.data.items.map((record) => (
                    <tr key={record.id}>
                      <th scope="row">{formatDateTime(record.at)}</th>
                      <td>
                        <code>{record.action}</code>
                      </td>
                      <td>{record.actor ? `${record.actor.fullName} (${record.actor.username})` : 'System'}</td>
                      <td>
                        <AuditTarget target={record.target} />
                      </td>
                      <td>
                        {record.metadata === null || record.metadata === undefined ? (
                          '—'
                        ) : (
                          <details>
                            <summary>Show</summary>
                            <AuditDetails value={record.metadata} />
                          </details>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <Pager page={page} limit={PAGE_SIZE} total={audit.data.total} onPage={setPage} label="Audit pages" />
        </Section>
      )}
    </Page>
  );
}
