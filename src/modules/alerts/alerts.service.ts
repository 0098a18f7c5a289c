import { answerDay } from '../../common/privacy/answer-time.js';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, conflict, forbidden, notFound } from '../../common/errors/domain-error.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import type { AlertStatus, Role } from '../../db/schema.js';
import { AuditService } from '../audit/audit.service.js';
import { ScopeService } from '../institution/scope.service.js';
import { reachesAlert } from './alert-reach.js';
import {
  AlertsRepository,
  type AlertFilter,
  type AlertPlacement,
  type AlertView,
  type AlertVisibility,
} from './alerts.repository.js';

export interface AlertCaller {
  id: string;
  roles: readonly Role[];
}

const SCOPE_MESSAGE = 'scope not in your assigned access';
const ROLE_MESSAGE = 'alerts are for SUPER_ADMIN, DEAN and CAMPUS_HEAD';

/** Which statuses each handling step starts from. */
const TRANSITIONS: Record<'acknowledge' | 'resolve', { from: AlertStatus[]; to: AlertStatus }> = {
  acknowledge: { from: ['open'], to: 'acknowledged' },
  resolve: { from: ['open', 'acknowledged'], to: 'resolved' },
};

/**
 * An alert as `caller` reads it: to a DEAN or CAMPUS_HEAD, when the comment was written (the alert's `createdAt` and
 * its history's opening entry, which no person made) is the day only (answer-time.ts); a SUPER_ADMIN, who may reveal
 * the respondent anyway (audited), reads the instant. The steps people took keep their time.
 */
function forReader(caller: AlertCaller, view: AlertView): AlertView {
  if (caller.roles.includes('SUPER_ADMIN')) return view;
  return {
    ...view,
    createdAt: answerDay(view.createdAt),
    history: view.history.map((entry) => (entry.actorId === null ? { ...entry, at: answerDay(entry.at) } : entry)),
  };
}

/**
 * Reading and handling alerts (conventions §11). SUPER_ADMIN sees every alert; DEAN and CAMPUS_HEAD the alerts
 * of their resolved scope (ScopeService, per semester, as the pipelines); every other role none (403, by the
 * controller's role list too). Nobody sees an alert about themselves, whatever their roles. The respondent is
 * named only by `reveal`, which is audited with its reason.
 */
@Injectable()
export class AlertsService {
  constructor(
    @Inject(AlertsRepository) private readonly repository: AlertsRepository,
    @Inject(ScopeService) private readonly scope: ScopeService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async list(caller: AlertCaller, filter: AlertFilter, paging: Paging): Promise<Paged<AlertView>> {
    const page = await this.repository.list(filter, await this.visibility(caller, filter.semesterId), paging);
    return { ...page, items: page.items.map((view) => forReader(caller, view)) };
  }

  async acknowledge(caller: AlertCaller, id: string, note: string): Promise<AlertView> {
    return this.move(caller, id, 'acknowledge', note);
  }

  async resolve(caller: AlertCaller, id: string, note: string): Promise<AlertView> {
    return this.move(caller, id, 'resolve', note);
  }

  async reveal(caller: AlertCaller, id: string, reason: string) {
    const placement = await this.revealable(caller, id, reason);
    const respondent = await this.repository.respondent(placement.id);
    if (!respondent) throw notFound('alert not found');
    await this.audit.record({
      action: 'alert.reveal',
      actorId: caller.id,
      target: `alert:${placement.id}`,
      metadata: { reason, submissionId: placement.submissionId, respondentId: respondent.id },
    });
    return { respondent };
  }

  /**
   * The alert, when the caller may reveal its respondent. A refused attempt (a role that may not reveal, an alert out
   * of scope or about the caller) is audited as `alert.reveal.refused` with its reason: an attempt to name a student
   * is worth a record whether or not it succeeds. An unknown alert is not (nothing was there to reveal).
   */
  private async revealable(caller: AlertCaller, id: string, reason: string): Promise<AlertPlacement> {
    try {
      if (!caller.roles.includes('SUPER_ADMIN')) throw forbidden('only SUPER_ADMIN may reveal a respondent');
      return await this.reachable(caller, id);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'forbidden')
        await this.audit.record({
          action: 'alert.reveal.refused',
          actorId: caller.id,
          target: `alert:${id}`,
          metadata: { reason, refused: error.message },
          outcome: 'failure',
        });
      throw error;
    }
  }

  private async move(
    caller: AlertCaller,
    id: string,
    step: 'acknowledge' | 'resolve',
    note: string | null,
  ): Promise<AlertView> {
    const placement = await this.reachable(caller, id);
    const { from, to } = TRANSITIONS[step];
    const moved = await this.repository.transaction(async (trx) => {
      const updated = await this.repository.transition(trx, placement.id, from, {
        status: to,
        note,
        actorId: caller.id,
        at: new Date().toISOString(),
      });
      if (!updated) return false;
      await this.audit.record(
        {
          action: `alert.${step}`,
          actorId: caller.id,
          target: `alert:${placement.id}`,
          metadata: { from: updated.from, to, note },
        },
        trx,
      );
      return true;
    });
    if (!moved) {
      const current = await this.repository.placement(placement.id);
      throw conflict(`the alert is ${current?.status ?? placement.status}; ${step} needs ${from.join(' or ')}`);
    }
    const view = await this.repository.view(placement.id);
    if (!view) throw notFound('alert not found');
    return forReader(caller, view);
  }

  /** The alert, when the caller may handle it: 404 unknown, 403 out of scope or about the caller. */
  private async reachable(caller: AlertCaller, id: string): Promise<AlertPlacement> {
    const placement = await this.repository.placement(id);
    if (!placement) throw notFound('alert not found');
    if (placement.facultyId === caller.id) throw forbidden(SCOPE_MESSAGE);
    if (!reachesAlert(await this.visibility(caller, placement.semesterId), placement)) throw forbidden(SCOPE_MESSAGE);
    return placement;
  }

  /**
   * What the caller sees: SUPER_ADMIN all; DEAN its departments and CAMPUS_HEAD its campuses, resolved per
   * semester (only semesters that have alerts, or the one asked for); other roles are refused.
   */
  private async visibility(caller: AlertCaller, semesterId: string | undefined): Promise<AlertVisibility> {
    const base = { excludedFacultyId: caller.id };
    if (caller.roles.includes('SUPER_ADMIN')) return { ...base, unrestricted: true, departmentIds: [], campusIds: [] };
    const dean = caller.roles.includes('DEAN');
    const campusHead = caller.roles.includes('CAMPUS_HEAD');
    if (!dean && !campusHead) throw forbidden(ROLE_MESSAGE);
    const departmentIds = new Set<string>();
    const campusIds = new Set<string>();
    for (const semester of await this.repository.semestersWithAlerts(semesterId)) {
      const resolved = await this.scope.resolve(caller.id, semester);
      if (resolved.unrestricted) return { ...base, unrestricted: true, departmentIds: [], campusIds: [] };
      // A chairperson's programs never count here: CHAIRPERSON is not an alert role.
      if (dean) for (const departmentId of resolved.departmentIds) departmentIds.add(departmentId);
      if (campusHead) for (const campusId of resolved.campusIds) campusIds.add(campusId);
    }
    return { ...base, unrestricted: false, departmentIds: [...departmentIds], campusIds: [...campusIds] };
  }
}
