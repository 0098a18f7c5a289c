import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/domain-error.js';
import { SCREEN_ENGINE_VERSION, screenComment } from '../../engine/screen/index.js';
import { AlertWebhookQueue } from './alert-webhook-queue.js';
import { AlertsRepository } from './alerts.repository.js';

export interface RescreenProgress {
  semesterCode: string;
  campusCode: string;
  screened: number;
}

export interface RescreenReport {
  engineVersion: string;
  semesters: Array<{ semesterCode: string; campusCode: string }>;
  screened: number;
  flagged: number;
  created: number;
  updated: number;
}

const PAGE = 500;

/**
 * Screens every stored comment of a semester again with the current engine (`npm run cli -- alerts rescreen`).
 * Idempotent: a comment keeps its one alert (a new flag makes one, an open alert of an older engine takes the
 * new reading, a handled one is left as the person left it), so running it twice changes nothing the second time.
 */
@Injectable()
export class AlertRescreen {
  constructor(
    @Inject(AlertsRepository) private readonly repository: AlertsRepository,
    @Inject(AlertWebhookQueue) private readonly webhook: AlertWebhookQueue,
  ) {}

  async rescreen(
    semesterCode: string,
    campusCode: string | undefined,
    onProgress: (progress: RescreenProgress) => void = () => undefined,
  ): Promise<RescreenReport> {
    const semesters = (await this.repository.semesterByCode(semesterCode)).filter(
      (semester) => campusCode === undefined || semester.campusCode === campusCode,
    );
    if (semesters.length === 0)
      throw notFound(`no semester ${semesterCode}${campusCode === undefined ? '' : ` on campus ${campusCode}`}`);
    const report: RescreenReport = {
      engineVersion: SCREEN_ENGINE_VERSION,
      semesters: semesters.map((semester) => ({ semesterCode, campusCode: semester.campusCode })),
      screened: 0,
      flagged: 0,
      created: 0,
      updated: 0,
    };
    for (const semester of semesters) {
      let afterId: string | null = null;
      let screened = 0;
      for (;;) {
        const comments = await this.repository.commentsToScreen(semester.id, afterId, PAGE);
        if (comments.length === 0) break;
        const created: string[] = [];
        await this.repository.transaction(async (trx) => {
          for (const comment of comments) {
            const flags = screenComment(comment.text);
            if (flags.length === 0) continue;
            report.flagged += 1;
            if (comment.alertEngineVersion === null) {
              const alert = await this.repository.insert(trx, {
                submissionId: comment.id,
                flags,
                engineVersion: SCREEN_ENGINE_VERSION,
              });
              if (alert) created.push(alert.id);
            } else if (comment.alertEngineVersion !== SCREEN_ENGINE_VERSION) {
              await this.repository.refreshOpen(trx, comment.id, flags, SCREEN_ENGINE_VERSION);
              report.updated += 1;
            }
          }
        });
        report.created += created.length;
        await this.webhook.enqueue(created);
        screened += comments.length;
        report.screened += comments.length;
        afterId = comments.at(-1)?.id ?? null;
        onProgress({ semesterCode, campusCode: semester.campusCode, screened });
      }
    }
    return report;
  }
}
