import { ApiError, messageOf } from '../api/api-error';

/**
 * A refusal or failure as the API phrased it, with its validation details when no field shows them.
 * `role="alert"` so it is announced when it appears. `fieldPaths`: the details the form shows beside their fields;
 * they are not repeated here, and when every detail is beside its field this only points there.
 */
export function ErrorMessage({
  error,
  showDetails = true,
  fieldPaths = [],
}: {
  error: unknown;
  showDetails?: boolean;
  fieldPaths?: readonly string[];
}) {
  const all = error instanceof ApiError ? error.details : [];
  const details = showDetails ? all.filter((detail) => !fieldPaths.includes(detail.path)) : [];
  const allAtFields = all.length > 0 && all.every((detail) => fieldPaths.includes(detail.path));
  return (
    <div className="error" role="alert">
      <p>
        {allAtFields
          ? all.length === 1
            ? 'Correct the marked field.'
            : 'Correct the marked fields.'
          : messageOf(error)}
      </p>
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
