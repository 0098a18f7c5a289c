import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { counted } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { Pager } from '../../ui/pager';
import { SemesterSelect } from '../../ui/semester-select';
import { useScopeSemester } from '../analytics/use-scope-semester';
import { hasAnyRole, useMe } from '../auth/use-me';
import { semesterCode } from '../institution/semesters';
import { AlertItem } from './alert-item';
import {
  CATEGORIES,
  CATEGORY_NAMES,
  STATUSES,
  STATUS_NAMES,
  type AlertCategory,
  type AlertStatus,
  type Respondent,
} from './alert-labels';

const PAGE_SIZE = 20;

/**
 * Comments the screen flagged (conventions §11) in the reader's scope: one semester's alerts of a status and
 * category, a page at a time, each with the handling steps its status allows. The API decides who reads them.
 */
export function AlertsPage() {
  const me = useMe();
  const { semesters, semesterId, setSemesterId, error: semestersError } = useScopeSemester();
  const [status, setStatus] = useState<AlertStatus>('open');
  const [category, setCategory] = useState<AlertCategory | ''>('');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState('');
  // Respondents revealed on this page, by alert: gone when the page is left, kept nowhere else.
  const [revealed, setRevealed] = useState<ReadonlyMap<string, Respondent>>(new Map());
  const canReveal = hasAnyRole(me.data, ['SUPER_ADMIN']);

  const filters = { semesterId: semesterId ?? '', status, ...(category ? { category } : {}) };
  const query = { ...filters, page, limit: PAGE_SIZE };
  const alerts = useQuery({
    queryKey: ['alerts', filters, page],
    queryFn: () => unwrap(api.GET('/api/v1/alerts', { params: { query } })),
    enabled: semesterId !== undefined,
    // Another page of the same list keeps the current one on screen meanwhile; other filters start afresh.
    placeholderData: (previous, previousQuery) =>
      JSON.stringify(previousQuery?.queryKey[1]) === JSON.stringify(filters) ? previous : undefined,
  });

  const semester = semesters?.find((candidate) => candidate.id === semesterId);
  const kind = `${status}${category ? ` ${CATEGORY_NAMES[category].toLowerCase()}` : ''} alert`;
  const kindTitle = kind.charAt(0).toUpperCase() + kind.slice(1);
  const shownSemester = semester && semesters ? semesterCode(semester, semesters) : 'this semester';
  const data = alerts.data;
  // A step that empties the last page (the alert moved to another status) shows the page before it.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  if (data && !alerts.isPlaceholderData && page > lastPage) setPage(lastPage);

  function changeFilters(change: () => void) {
    change();
    setPage(1);
    setMessage('');
  }

  return (
    <Page
      title="Alerts"
      lead="Comments the screen flagged as needing a person: harassment, discrimination, abuse, integrity, self-harm and threats."
    >
      {semestersError ? <ErrorMessage error={semestersError} /> : null}
      <div className="toolbar" role="group" aria-label="Which alerts to show">
        {semesters && semesterId && (
          <SemesterSelect
            semesters={semesters}
            value={semesterId}
            onChange={(id) => changeFilters(() => setSemesterId(id))}
          />
        )}
        <div className="field field--inline">
          <label htmlFor="alert-status">Status</label>
          <select
            id="alert-status"
            value={status}
            onChange={(event) => changeFilters(() => setStatus(event.target.value as AlertStatus))}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_NAMES[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor="alert-category">Category</label>
          <select
            id="alert-category"
            value={category}
            onChange={(event) => changeFilters(() => setCategory(event.target.value as AlertCategory | ''))}
          >
            <option value="">All categories</option>
            {CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_NAMES[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* Always present, so what a step did is announced when it is written here. */}
      <div role="status" aria-live="polite">
        {message && <p className="success">{message}</p>}
      </div>
      {alerts.isPending && semesterId ? <Loading what="alerts" /> : null}
      {alerts.isError ? <ErrorMessage error={alerts.error} /> : null}
      {data && (
        <Section id="alert-results" title={`${kindTitle}s`}>
          {data.items.length === 0 ? (
            <p>
              No {kind}s for {shownSemester}.
            </p>
          ) : (
            <>
              <p className="muted">
                {counted(data.total, kind)} for {shownSemester}, newest first.
              </p>
              <ol className="alert-list" aria-label="Alerts, newest first" aria-busy={alerts.isPlaceholderData}>
                {data.items.map((alert) => (
                  <li key={alert.id}>
                    <AlertItem
                      alert={alert}
                      myId={me.data?.id}
                      canReveal={canReveal}
                      respondent={revealed.get(alert.id)}
                      onDone={setMessage}
                      onRevealed={(id, respondent) => setRevealed((current) => new Map(current).set(id, respondent))}
                    />
                  </li>
                ))}
              </ol>
            </>
          )}
          <Pager page={page} limit={PAGE_SIZE} total={data.total} onPage={setPage} label="Alert pages" />
        </Section>
      )}
    </Page>
  );
}
