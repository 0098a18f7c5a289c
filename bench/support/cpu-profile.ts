import { readFileSync } from 'node:fs';

/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) that a summary needs. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of time in microseconds of the monotonic clock (`process.hrtime`, V8's profile timestamps). */
export interface TimeWindow {
  fromMicros: number;
  toMicros: number;
}

export interface ProfileEntry {
  /** `function (place:line)`; the place is a package, a node internal or a file of the project. */
  name: string;
  /** Microseconds sampled in the function itself. */
  selfMicros: number;
  /** Microseconds sampled in the function and everything it called (recursion counted once). */
  totalMicros: number;
}

export interface ProfileSummary {
  /** Sampled microseconds the process was busy: everything but `(idle)`. */
  busyMicros: number;
  entries: ProfileEntry[];
  /** Busy microseconds by place: a package of node_modules, `node:` internals, the project, the engine. */
  places: Array<{ place: string; selfMicros: number }>;
}

/** Where a frame runs: a package under node_modules, a node internal module, a project file, or V8 itself. */
function placeOf(url: string): string {
  if (url === '') return '(v8)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch?.[1]) return packageMatch[1];
  if (url.startsWith('node:')) return url;
  const project = /\/dist\/(.+)$/.exec(url);
  return project?.[1] ?? url;
}

/**
 * Self and inclusive time per function of a `.cpuprofile`, busiest first, and self time per place; only the
 * samples inside `windows` when given (the measured runs, without start-up and warm-up).
 */
export function summariseCpuProfile(path: string, windows?: TimeWindow[]): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const selfByNode = new Map<number, number>();
  let time = profile.startTime;
  profile.samples.forEach((nodeId, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (windows && !windows.some((window) => time >= window.fromMicros && time <= window.toMicros)) return;
    selfByNode.set(nodeId, (selfByNode.get(nodeId) ?? 0) + delta);
  });
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const keyOf = (node: ProfileNode) => {
    const frame = node.callFrame;
    const name = frame.functionName || '(anonymous)';
    return frame.url === '' ? name : `${name} (${placeOf(frame.url)}:${frame.lineNumber + 1})`;
  };
  const entries = new Map<string, ProfileEntry>();
  const places = new Map<string, number>();
  const entryOf = (key: string) => {
    let entry = entries.get(key);
    if (!entry) entries.set(key, (entry = { name: key, selfMicros: 0, totalMicros: 0 }));
    return entry;
  };
  const onStack = new Map<string, number>();
  // Returns the node's inclusive time; a function already on the stack (recursion) is not counted again.
  const visit = (node: ProfileNode): number => {
    const key = keyOf(node);
    const self = key === '(idle)' ? 0 : (selfByNode.get(node.id) ?? 0);
    entryOf(key).selfMicros += self;
    const place = node.callFrame.url === '' ? key : placeOf(node.callFrame.url);
    places.set(place, (places.get(place) ?? 0) + self);
    onStack.set(key, (onStack.get(key) ?? 0) + 1);
    let total = self;
    for (const childId of node.children ?? []) {
      const child = nodes.get(childId);
      if (child) total += visit(child);
    }
    const depth = (onStack.get(key) ?? 1) - 1;
    onStack.set(key, depth);
    if (depth === 0) entryOf(key).totalMicros += total;
    return total;
  };
  const root = profile.nodes[0];
  const busyMicros = root ? visit(root) : 0;
  entries.delete('(root)');
  entries.delete('(idle)');
  places.delete('(idle)');
  places.delete('(root)');
  return {
    busyMicros,
    entries: [...entries.values()].sort((a, b) => b.selfMicros - a.selfMicros),
    places: [...places.entries()]
      .map(([place, selfMicros]) => ({ place, selfMicros }))
      .sort((a, b) => b.selfMicros - a.selfMicros),
  };
}
