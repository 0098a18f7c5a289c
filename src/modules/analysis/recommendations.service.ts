import { Inject, Injectable } from '@nestjs/common';
import { hasStudentText, markKnownCommentsIn, type KnownComment } from '../../common/privacy/student-text.js';
import type { SupportingEvidence } from '../../engine/contracts.js';
import { FlaggedComments, withoutFlaggedQuotes } from './flagged-quotes.js';
import type { Caller } from './pipeline-access.js';
import { PipelinesService } from './pipelines.service.js';
import { ResultsRepository } from './results.repository.js';

/** The quotes of an action's topic sources: what a stored action can repeat of the students' words. */
function quotesOf(evidence: SupportingEvidence, subjectId: string | null): KnownComment[] {
  return evidence.sources.flatMap((source) =>
    source.type === 'topic' ? (source.sampleQuotes ?? []).map((text) => ({ text, subjectId })) : [],
  );
}

@Injectable()
export class RecommendationsService {
  constructor(
    @Inject(PipelinesService) private readonly pipelines: PipelinesService,
    @Inject(ResultsRepository) private readonly results: ResultsRepository,
  ) {}

  /** The latest run with all its actions; while it is processing, no actions and its status. */
  async latest(caller: Caller, pipelineId: string) {
    const pipeline = await this.pipelines.readable(caller, pipelineId);
    const run = await this.results.latestRecommendationRun(pipeline.id);
    if (!run) return { pipelineId: pipeline.id, runId: null, status: null, actions: [] };
    const actions = run.status === 'COMPLETED' ? await this.results.actions(run.id) : [];
    // One statement after the other, each on a connection taken for it alone: a request never holds two.
    const flagged = new FlaggedComments(actions.length > 0 ? await this.results.flaggedComments(pipeline.id) : []);
    return {
      pipelineId: pipeline.id,
      runId: run.id,
      status: run.status,
      // Actions stored before the students' words were marked at generation get their marks here: the
      // response then withholds them from the faculty member they are about (the student-text hook on every response).
      // Then the comments that raised an alert since the actions were stored (a rescreen) are quoted no more
      // (conventions §11), whoever reads.
      actions: actions.map((stored) => {
        const action = { ...stored, supportingEvidence: stored.supportingEvidence as SupportingEvidence };
        const marked = hasStudentText(JSON.stringify(action))
          ? action
          : markKnownCommentsIn(action, quotesOf(action.supportingEvidence, pipeline.faculty_id));
        return withoutFlaggedQuotes(marked, flagged, pipeline.faculty_id);
      }),
    };
  }
}
