import type { EngineResult } from '../llm/index.js';

/** Which engine answered a job: recorded in every completed output so a run can be audited. */
export interface EngineInfo {
  source: EngineResult<unknown>['source'];
  fallbackReason?: string;
}

export function engineInfo(result: EngineResult<unknown>): EngineInfo {
  return result.fallbackReason === undefined
    ? { source: result.source }
    : { source: result.source, fallbackReason: result.fallbackReason };
}

export interface CompletedOutput<Extra> {
  output: { jobId: string; version: string; status: 'completed' } & Extra & { completedAt: string };
}

export interface FailedOutput {
  output: { jobId: string | null; version: string; status: 'failed'; error: string; completedAt: string };
}

export function completed<Extra extends object>(jobId: string, version: string, extra: Extra): CompletedOutput<Extra> {
  return { output: { jobId, version, status: 'completed', ...extra, completedAt: new Date().toISOString() } };
}

export function failed(jobId: string | null, version: string, error: string): FailedOutput {
  return { output: { jobId, version, status: 'failed', error, completedAt: new Date().toISOString() } };
}
