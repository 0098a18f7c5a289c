/** What an audit record's target and details are, for people: the API answers `kind:id` and a JSON object. */

const TARGET_KINDS: Record<string, string> = {
  questionnaire_version: 'Questionnaire version',
  questionnaire: 'Questionnaire',
  alert: 'Alert',
  program: 'Program',
  pipeline: 'Analysis',
  user: 'User',
  institution: 'Institution',
  lms: 'Learning system',
  'lms-campus': 'Learning-system campus',
  'lms-categories': 'Learning-system categories',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `questionnaire_version:1b9d…` → its kind in words and the id shortened (the whole id on hover). */
export function AuditTarget({ target }: { target: string | null }) {
  if (!target) return <>—</>;
  const colon = target.indexOf(':');
  const kind = colon === -1 ? target : target.slice(0, colon);
  const value = colon === -1 ? '' : target.slice(colon + 1);
  const label = TARGET_KINDS[kind] ?? (colon === -1 ? target : kind.replace(/[_-]+/g, ' '));
  if (!value) return <>{label}</>;
  if (!UUID.test(value)) return <>{`${label} ${value}`}</>;
  return (
    <>
      {label} <code title={value}>{value.slice(0, 8)}…</code>
    </>
  );
}

/** `rowCount` or `row_count` → `Row count`. */
function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  const label = words.replace(/\b(?:csv|xlsx|id|lms|url)\b/g, (acronym) => acronym.toUpperCase());
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en');
  return String(value);
}

/** A record's details as a list of names and values (nested objects as nested lists). */
export function AuditDetails({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (!isRecord(value)) {
    if (Array.isArray(value) && value.every((item) => !isRecord(item) && !Array.isArray(item)))
      return <>{value.length === 0 ? 'None' : value.map(plain).join(', ')}</>;
    if (Array.isArray(value) || depth > 3) return <code className="metadata">{JSON.stringify(value)}</code>;
    return <>{plain(value)}</>;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return <>None</>;
  return (
    <dl className="audit-details">
      {entries.map(([key, item]) => (
        <div key={key}>
          <dt>{keyLabel(key)}</dt>
          <dd>
            <AuditDetails value={item} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
