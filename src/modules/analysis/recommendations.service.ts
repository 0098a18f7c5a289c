import { Inject, Injectable } from '@nestjs/common';
import type { SupportingEvidence } from '../../engine/contracts.js';
import type { Caller } from './pipeline-access.js';
import { PipelinesService } from './pipelines.service.js';
import { ResultsRepository } from './results.repository.js';

/** Spec: when a FACULTY user reads their own pipeline, sampleQuotes[] leaves every topic source. */
export function redactQuotes(evidence: SupportingEvidence): SupportingEvidence {
  return {
    ...evidence,
    sources: evidence.sources.map((source) => {
      if (source.type !== 'topic') return source;
      const { sampleQuotes: _quotes, ...rest } = source;
      return rest as typeof source;
    }),
  };
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
    const ownPipeline = caller.roles.includes('FACULTY') && pipeline.faculty_id === caller.id;
    const actions = run.status === 'COMPLETED' ? await this.results.actions(run.id) : [];
    return {
      pipelineId: pipeline.id,
      runId: run.id,
      status: run.status,
      actions: actions.map((action) => {
        const evidence = action.supportingEvidence as SupportingEvidence;
        return { ...action, supportingEvidence: ownPipeline ? redactQuotes(evidence) : evidence };
      }),
    };
  }
}
