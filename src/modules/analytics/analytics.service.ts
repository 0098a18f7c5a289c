import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ScopeService } from '../institution/scope.service.js';
import { attentionFlags, sentimentScore } from './analytics.attention.js';
import { AnalyticsRepository, type FacultySemesterRow, type SemesterRef } from './analytics.repository.js';
import type { AttentionView, OverviewView, TrendsView } from './analytics.schemas.js';
import { AnalyticsViewsRepository } from './views.repository.js';

/** What the caller may see in a semester; `outOfScope` means an empty payload (never 403, spec Errors). */
interface CallerScope {
  departmentCodes: string[] | null;
  outOfScope: boolean;
}

/**
 * Semester rows kept per process, counted in rows: about 1 KB each, so at most some 20 MB, ten overviews of an
 * institution of 2,000 faculty or hundreds of department ones.
 */
const MEMO_MAX_ROWS = 20_000;

/** The views store '' for a missing department code (unique index of the concurrent refresh). */
const departmentCode = (code: string) => (code === '' ? null : code);

/**
 * Spec, "Analytics (materialized-view based)": overview, attention and trends from the two views. A DEAN sees the
 * department codes resolved for the semester, at that semester's campus only (the same code at another campus
 * is another department); SUPER_ADMIN sees everything.
 */
@Injectable()
export class AnalyticsService {
  /**
   * The views change only when they are refreshed, and every refresh ends by moving `lastRefreshedAt`; rows
   * read for a scope are kept under the `lastRefreshedAt` read before them, so a refresh (from any process)
   * retires them, and an entry never holds rows older than its key. Scope is resolved on every request.
   */
  private readonly memo = new LRUCache<string, readonly FacultySemesterRow[]>({
    maxSize: MEMO_MAX_ROWS,
    sizeCalculation: (rows) => Math.max(1, rows.length),
  });

  constructor(
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(AnalyticsViewsRepository) private readonly views: AnalyticsViewsRepository,
    @Inject(ScopeService) private readonly scopes: ScopeService,
  ) {}

  async overview(user: AuthenticatedUser, query: { semesterId: string; programCode?: string }): Promise<OverviewView> {
    const { rows, lastRefreshedAt } = await this.semesterRows(user, query);
    const sum = (pick: (row: FacultySemesterRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return {
      semesterId: query.semesterId,
      programCode: query.programCode ?? null,
      lastRefreshedAt,
      summary: {
        facultyCount: new Set(rows.map((row) => row.facultyId)).size,
        submissionCount: sum((row) => row.submissionCount),
        commentCount: sum((row) => row.commentCount),
        analyzedCount: sum((row) => row.analyzedCount),
        positiveCount: sum((row) => row.positiveCount),
        neutralCount: sum((row) => row.neutralCount),
        negativeCount: sum((row) => row.negativeCount),
      },
      faculty: rows.map((row) => ({
        ...statsOf(row),
        percentileRank: row.percentileRank,
        scoreDelta: row.scoreDelta,
        sentimentDelta: row.sentimentDelta,
      })),
    };
  }

  async attention(
    user: AuthenticatedUser,
    query: { semesterId: string; programCode?: string },
  ): Promise<AttentionView> {
    const { rows, lastRefreshedAt } = await this.semesterRows(user, query);
    const faculty = rows.flatMap((row) => {
      const flags = attentionFlags(row);
      if (flags.length === 0) return [];
      const sentiment = sentimentScore(row);
      return [
        {
          ...statsOf(row),
          coverageRate: row.submissionCount > 0 ? round(row.analyzedCount / row.submissionCount, 4) : null,
          sentimentScore: sentiment === null ? null : round(sentiment, 4),
          semesterCount: row.semesterCount,
          scoreSlope: row.scoreSlope,
          scoreR2: row.scoreR2,
          sentimentSlope: row.sentimentSlope,
          sentimentR2: row.sentimentR2,
          scoreSemesterCount: row.scoreSemesterCount,
          sentimentSemesterCount: row.sentimentSemesterCount,
          flags,
        },
      ];
    });
    return { semesterId: query.semesterId, programCode: query.programCode ?? null, lastRefreshedAt, faculty };
  }

  async trends(
    user: AuthenticatedUser,
    query: { semesterId?: string; minSemesters: number; minR2: number },
  ): Promise<TrendsView> {
    const lastRefreshedAt = await this.lastRefreshedAt();
    const superAdmin = user.roles.includes('SUPER_ADMIN');
    const semester =
      query.semesterId !== undefined
        ? await this.requireSemester(query.semesterId)
        : superAdmin
          ? await this.analytics.latestSemester()
          : await this.analytics.latestAssignedSemester(user.id);
    const empty = {
      semesterId: semester?.id ?? null,
      minSemesters: query.minSemesters,
      minR2: query.minR2,
      lastRefreshedAt,
      faculty: [],
    };
    let rows;
    if (superAdmin) rows = await this.analytics.trends(query.minSemesters, null);
    else {
      if (!semester) return empty;
      const scope = await this.callerScope(user, semester, undefined);
      if (scope.outOfScope) return empty;
      rows = await this.analytics.trends(query.minSemesters, {
        campusId: semester.campusId,
        departmentCodes: scope.departmentCodes,
      });
    }
    return {
      ...empty,
      faculty: rows.map((row) => ({
        ...row,
        departmentCode: departmentCode(row.departmentCode),
        trendDirection: trendDirection(row.scoreSlope, row.scoreR2, query.minR2),
      })),
    };
  }

  private async semesterRows(user: AuthenticatedUser, query: { semesterId: string; programCode?: string }) {
    const semester = await this.requireSemester(query.semesterId);
    const [scope, lastRefreshedAt] = await Promise.all([
      this.callerScope(user, semester, query.programCode),
      this.lastRefreshedAt(),
    ]);
    if (scope.outOfScope) return { rows: [], lastRefreshedAt };
    const filter = {
      semesterId: semester.id,
      campusId: semester.campusId,
      departmentCodes: scope.departmentCodes,
      programCode: query.programCode ?? null,
    };
    const key = JSON.stringify([lastRefreshedAt, filter]);
    let rows = this.memo.get(key);
    if (!rows) {
      rows = await this.analytics.semesterRows(filter);
      this.memo.set(key, rows);
    }
    return { rows, lastRefreshedAt };
  }

  /**
   * SUPER_ADMIN: everything. Otherwise the DEAN department codes of the semester. Program scope (spec): a
   * programCode is checked against the caller's resolved program codes, which are null (any) for a super admin
   * or a dean, and the resolved CHAIRPERSON program codes for anyone else.
   */
  private async callerScope(
    user: AuthenticatedUser,
    semester: SemesterRef,
    programCode: string | undefined,
  ): Promise<CallerScope> {
    const resolved = await this.scopes.resolve(user.id, semester.id);
    if (resolved.unrestricted) return { departmentCodes: null, outOfScope: false };
    const departmentCodes = await this.analytics.departmentCodes(resolved.departmentIds);
    if (departmentCodes.length === 0) return { departmentCodes, outOfScope: true };
    const isDean = resolved.departmentIds.length > 0;
    const programCodes = isDean ? null : await this.analytics.programCodes(resolved.programIds);
    const outOfScope = programCode !== undefined && programCodes !== null && !programCodes.includes(programCode);
    return { departmentCodes, outOfScope };
  }

  private async requireSemester(semesterId: string): Promise<SemesterRef> {
    const semester = await this.analytics.semester(semesterId);
    if (!semester) throw new DomainError('not-found', 'semester not found');
    return semester;
  }

  private async lastRefreshedAt(): Promise<string | null> {
    return (await this.views.lastRefreshedAt())?.toISOString() ?? null;
  }
}

function statsOf(row: FacultySemesterRow) {
  return {
    facultyId: row.facultyId,
    facultyName: row.facultyName,
    departmentCode: departmentCode(row.departmentCode),
    departmentName: row.departmentName,
    programCode: row.programCode,
    campusCode: row.campusCode,
    semesterCode: row.semesterCode,
    academicYear: row.academicYear,
    submissionCount: row.submissionCount,
    commentCount: row.commentCount,
    analyzedCount: row.analyzedCount,
    positiveCount: row.positiveCount,
    neutralCount: row.neutralCount,
    negativeCount: row.negativeCount,
    distinctTopicCount: row.distinctTopicCount,
    avgNormalizedScore: row.avgNormalizedScore,
    positiveRate: row.positiveRate,
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A slope is a direction only when its R² reaches minR2; otherwise (or flat, or unknown) the trend is stable. */
export function trendDirection(
  slope: number | null,
  r2: number | null,
  minR2: number,
): 'improving' | 'declining' | 'stable' {
  if (slope === null || r2 === null || r2 < minR2 || slope === 0) return 'stable';
  return slope > 0 ? 'improving' : 'declining';
}
