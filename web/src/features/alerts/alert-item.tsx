import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { formatAnswerTime, formatDateTime } from '../../ui/format';
import {
  ALLOWED_STEPS,
  CATEGORY_NAMES,
  STATUS_NAMES,
  STEP_NAMES,
  type Alert,
  type AlertStatus,
  type Respondent,
} from './alert-labels';

type Step = 'acknowledge' | 'resolve';
type Form = Step | 'reveal';

const STATUS_TAGS: Record<AlertStatus, string> = {
  open: 'tag tag--warning',
  acknowledged: 'tag tag--status-draft',
  resolved: 'tag tag--done',
};

const STEP_BUTTONS: Record<Step, { open: string; submit: string; pending: string }> = {
  acknowledge: { open: 'Acknowledge', submit: 'Acknowledge alert', pending: 'Acknowledging…' },
  resolve: { open: 'Resolve', submit: 'Resolve alert', pending: 'Resolving…' },
};

/** A form's submit button (its label while the request runs) and its Cancel. */
function FormButtons({
  submit,
  pending,
  busy,
  tone,
  onCancel,
}: {
  submit: string;
  pending: string;
  busy: boolean;
  tone: 'primary' | 'danger';
  onCancel: () => void;
}) {
  return (
    <div className="actions">
      <button type="submit" className={`button button--${tone}`} disabled={busy}>
        {busy ? pending : submit}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** Who made a history entry: the screen raised it (no actor), or a person the API names. */
function actorName(entry: Alert['history'][number], myId: string | undefined): string {
  if (entry.actorId === null) return 'the screen';
  if (entry.actorId === myId) return 'you';
  return entry.actor ? `${entry.actor.fullName} (${entry.actor.username})` : 'a deleted account';
}

/**
 * One alert: the comment, whom and what it is about, its history, and the handling steps its status allows.
 * A revealed respondent is held by the page (`respondent`), for as long as the page is open, nowhere else.
 */
export function AlertItem({
  alert,
  myId,
  canReveal,
  respondent,
  onDone,
  onRevealed,
}: {
  alert: Alert;
  myId: string | undefined;
  canReveal: boolean;
  respondent: Respondent | undefined;
  onDone: (message: string) => void;
  onRevealed: (alertId: string, respondent: Respondent) => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form | null>(null);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const category = CATEGORY_NAMES[alert.category];
  const about = `the ${category.toLowerCase()} alert about ${alert.faculty.fullName}`;
  const idBase = `alert-${alert.id}`;

  const step = useMutation({
    mutationFn: (which: Step) =>
      unwrap(
        which === 'acknowledge'
          ? api.POST('/api/v1/alerts/{id}/acknowledge', {
              params: { path: { id: alert.id } },
              body: { note: note.trim() },
            })
          : api.POST('/api/v1/alerts/{id}/resolve', {
              params: { path: { id: alert.id } },
              body: { note: note.trim() },
            }),
      ),
    onSuccess: (updated) => {
      setForm(null);
      setNote('');
      onDone(`${STEP_NAMES[updated.status]} ${about}; it is now listed under “${STATUS_NAMES[updated.status]}”.`);
      void queryClient.invalidateQueries({ queryKey: ['alerts'] });
    },
    // Someone else moved it meanwhile (409): show the alert as it is now, beside the API's message.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: ['alerts'] });
    },
  });
  const reveal = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/v1/alerts/{id}/reveal', { params: { path: { id: alert.id } }, body: { reason } })),
    // The respondent is kept in the page's state only, not in the mutation cache once the form is gone.
    gcTime: 0,
    onSuccess: (answer) => {
      setForm(null);
      setReason('');
      onRevealed(alert.id, answer.respondent);
      onDone(`Revealed the respondent of ${about}. The reveal and your reason are recorded in the audit log.`);
    },
  });
  const reasonProblems = (reveal.error instanceof ApiError ? reveal.error.at('reason') : []).map((p) => p.message);

  function toggle(which: Form) {
    step.reset();
    reveal.reset();
    setForm((current) => (current === which ? null : which));
  }

  function submitStep(event: FormEvent<HTMLFormElement>, which: Step) {
    event.preventDefault();
    step.mutate(which);
  }

  function submitReveal(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reveal.mutate();
  }

  const steps = ALLOWED_STEPS[alert.status];
  const headingId = `${idBase}-heading`;
  const formId = `${idBase}-form`;

  return (
    <article className="alert-item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {category} · {alert.faculty.fullName}
      </h3>
      <p className="tags">
        <span className={STATUS_TAGS[alert.status]}>{STATUS_NAMES[alert.status]}</span>
        <span className="tag tag--negative">{category}</span>
        <span className="tag">Screen confidence {Math.round(alert.score * 100)}%</span>
      </p>
      <blockquote className="alert-item__text">{alert.text}</blockquote>
      <dl className="facts">
        <div>
          <dt>Faculty member</dt>
          <dd>{alert.faculty.fullName}</dd>
        </div>
        <div>
          <dt>Course</dt>
          <dd>{alert.course?.shortname ?? 'None recorded'}</dd>
        </div>
        <div>
          <dt>Raised</dt>
          <dd>
            <time dateTime={alert.createdAt}>{formatAnswerTime(alert.createdAt)}</time>
          </dd>
        </div>
        {alert.evidence.length > 0 && (
          <div>
            <dt>Words that raised it</dt>
            <dd>{alert.evidence.join(', ')}</dd>
          </div>
        )}
      </dl>
      <h4 id={`${idBase}-history`}>History</h4>
      <ol className="history" aria-labelledby={`${idBase}-history`}>
        {alert.history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            {STEP_NAMES[entry.status]} by {actorName(entry, myId)},{' '}
            <time dateTime={entry.at}>
              {entry.actor === null ? formatAnswerTime(entry.at) : formatDateTime(entry.at)}
            </time>
            {entry.note ? <>: “{entry.note}”</> : null}
          </li>
        ))}
      </ol>
      {respondent && (
        <div className="notice">
          <p>
            Respondent: <strong>{respondent.fullName}</strong> (username <code>{respondent.username}</code>).
          </p>
          <p>This reveal is audited: it is recorded in the audit log with your reason. Do not copy it elsewhere.</p>
        </div>
      )}
      {(steps.length > 0 || (canReveal && !respondent)) && (
        <div className="actions">
          {steps.map((which) => (
            <button
              key={which}
              type="button"
              className="button"
              aria-expanded={form === which}
              aria-controls={form === which ? formId : undefined}
              onClick={() => toggle(which)}
            >
              {STEP_BUTTONS[which].open}
            </button>
          ))}
          {canReveal && !respondent && (
            <button
              type="button"
              className="button"
              aria-expanded={form === 'reveal'}
              aria-controls={form === 'reveal' ? formId : undefined}
              onClick={() => toggle('reveal')}
            >
              Reveal respondent
            </button>
          )}
        </div>
      )}
      {(form === 'acknowledge' || form === 'resolve') && (
        <form
          id={formId}
          className="stack alert-item__form"
          aria-label={`${STEP_BUTTONS[form].open} ${about}`}
          onSubmit={(event) => submitStep(event, form)}
        >
          <div className="field">
            <label htmlFor={`${idBase}-note`}>Note for the history (what was done, required)</label>
            <textarea
              id={`${idBase}-note`}
              rows={3}
              required
              maxLength={2000}
              value={note}
              // The form opens on a click of its button: the note is what to fill in next.
              autoFocus
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {step.isError ? <ErrorMessage error={step.error} /> : null}
          <FormButtons
            submit={STEP_BUTTONS[form].submit}
            pending={STEP_BUTTONS[form].pending}
            busy={step.isPending}
            tone="primary"
            onCancel={() => setForm(null)}
          />
        </form>
      )}
      {form === 'reveal' && (
        <form
          id={formId}
          className="stack alert-item__form"
          aria-label={`Reveal the respondent of ${about}`}
          onSubmit={submitReveal}
        >
          <p className="notice">
            Revealing who wrote this comment is audited: your name and your reason are recorded in the audit log.
          </p>
          <div className="field">
            <label htmlFor={`${idBase}-reason`}>Reason for revealing the respondent (required)</label>
            <textarea
              id={`${idBase}-reason`}
              rows={3}
              maxLength={2000}
              required
              value={reason}
              autoFocus
              aria-invalid={reasonProblems.length > 0 || undefined}
              aria-describedby={reasonProblems.length > 0 ? `${idBase}-reason-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            <FieldProblems id={`${idBase}-reason-error`} messages={reasonProblems} />
          </div>
          {reveal.isError ? <ErrorMessage error={reveal.error} showDetails={reasonProblems.length === 0} /> : null}
          <FormButtons
            submit="Reveal and record in the audit log"
            pending="Revealing…"
            busy={reveal.isPending}
            tone="danger"
            onCancel={() => setForm(null)}
          />
        </form>
      )}
    </article>
  );
}
