import { ApiError, messageOf } from '../api/api-error';

/**
 * A refusal or failure as the API phrased it, with its validation details when no field shows them.
 * `role="alert"` so it is announced when it appears.
 */
export function ErrorMessage({ error, showDetails = true }: { error: unknown; showDetails?: boolean }) {
  const details = showDetails && error instanceof ApiError ? error.details : [];
  return (
    <div className="error" role="alert">
      <p>{messageOf(error)}</p>
      {details.length > 0 && (
        <ul>
          {details.map((detail, index) => (
            <li key={`${detail.path}-${index}`}>
              {detail.path ? <code>{detail.path}</code> : null} {detail.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The API's problems for one field, placed under it and referenced by its aria-describedby. */
export function FieldProblems({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="field__error">
      {messages.join(' ')}
    </p>
  );
}
