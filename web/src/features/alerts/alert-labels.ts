import type { ResponseOf } from '../../api/types';

/** One alert as GET /alerts answers it: the comment, whom it is about, and its handling history. */
export type Alert = ResponseOf<'/api/v1/alerts', 'get'>['items'][number];
export type AlertCategory = Alert['category'];
export type AlertStatus = Alert['status'];
export type Respondent = ResponseOf<'/api/v1/alerts/{id}/reveal', 'post'>['respondent'];

/** The categories of conventions §11, in its order, as a reader names them. */
export const CATEGORY_NAMES: Record<AlertCategory, string> = {
  harassment: 'Harassment',
  discrimination: 'Discrimination',
  abuse: 'Abuse',
  integrity: 'Integrity',
  self_harm: 'Self-harm',
  threat: 'Threat',
};

export const STATUS_NAMES: Record<AlertStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

/** What a history entry with that status records. */
export const STEP_NAMES: Record<AlertStatus, string> = {
  open: 'Raised',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

export const CATEGORIES = Object.keys(CATEGORY_NAMES) as AlertCategory[];
export const STATUSES = Object.keys(STATUS_NAMES) as AlertStatus[];

/** Which handling steps each status allows (§11: any other answers 409). */
export const ALLOWED_STEPS: Record<AlertStatus, ReadonlyArray<'acknowledge' | 'resolve'>> = {
  open: ['acknowledge', 'resolve'],
  acknowledged: ['resolve'],
  resolved: [],
};
