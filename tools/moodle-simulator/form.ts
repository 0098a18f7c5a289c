/** A decoded web-service parameter: a string, or a list or record of them. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormRecord = { [key: string]: FormValue };

/**
 * Decodes Moodle's bracket form (`categories[0][name]=MAIN&categories[0][parent]=0`) into nested values, as
 * Moodle's server does: bracket segments nest, and a record whose keys are 0, 1, 2, … becomes a list.
 */
export function decodeForm(pairs: Iterable<[string, string]>): FormRecord {
  const root: FormRecord = {};
  for (const [key, value] of pairs) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [
      match[1] as string,
      ...[...(match[2] as string).matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string),
    ];
    let node: FormRecord = root;
    path.forEach((segment, position) => {
      if (position === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
      node = node[segment] as FormRecord;
    });
  }
  return listify(root) as FormRecord;
}

function listify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, listify(value[key] as FormValue)] as const);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}
