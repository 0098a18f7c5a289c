import { Inject, Injectable } from '@nestjs/common';
import { CacheNamespace, CacheService } from '../../common/cache/cache.service.js';
import { invalid, conflict, notFound } from '../../common/errors/domain-error.js';
import type { QuestionnaireStatus } from '../../db/schema.js';
import type { QuestionnaireSchema } from './questionnaire-schema.js';
import { QuestionnairesRepository, type QuestionnaireRow, type VersionRow } from './questionnaires.repository.js';
import type { Trx } from '../../common/database/database.js';
import { validateQuestionnaireSchema } from './schema-validator.js';

/** Both cached lists live an hour (spec, "Limits": cache). */
const QUESTIONNAIRE_CACHE_TTL_SECONDS = 60 * 60;

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Questionnaires and the version lifecycle DRAFT → ACTIVE → DEPRECATED. Every change to a questionnaire's
 * versions runs in one transaction that first locks the questionnaire row, so version numbers are
 * strictly sequential and the one-DRAFT / one-ACTIVE rules are decided one change at a time; partial
 * unique indexes in the database hold the same rules even for code that skips the lock. Cache
 * namespaces are invalidated after the commit, by exactly the operations the spec lists.
 */
@Injectable()
export class QuestionnairesService {
  constructor(
    @Inject(QuestionnairesRepository) private readonly repository: QuestionnairesRepository,
    @Inject(CacheService) private readonly cache: CacheService,
  ) {}

  /** The type list as JSON text, answered as it is (the most read list: every respondent's first request). */
  typesJson(): Promise<string> {
    return this.cache.getOrLoadJson(CacheNamespace.QUESTIONNAIRE_TYPES, ['all'], QUESTIONNAIRE_CACHE_TTL_SECONDS, () =>
      this.repository.types(),
    );
  }

  async typeVersions(typeCode: string) {
    // An unknown type is a 404; the loader throws, so nothing is cached for it.
    return this.cache.getOrLoad(
      CacheNamespace.QUESTIONNAIRE_VERSIONS,
      [typeCode],
      QUESTIONNAIRE_CACHE_TTL_SECONDS,
      async () => {
        const type = await this.repository.typeByCode(typeCode);
        // A fixed message, as every other 404: the path is the caller's, and echoing it would reflect their input.
        if (!type) throw notFound('questionnaire type not found');
        const versions = await this.repository.versionsOfType(type.id);
        return versions.map((version) => ({
          ...version,
          publishedAt: isoOrNull(version.publishedAt),
          createdAt: iso(version.createdAt),
        }));
      },
    );
  }

  async dimensions() {
    return (await this.repository.dimensions()).map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
  }

  async createDimension(code: string, displayName: string) {
    const row = await this.repository.insertDimension(code, displayName);
    if (!row) throw conflict(`dimension ${code} already exists`, [{ path: 'code', message: 'already exists' }]);
    return { ...row, createdAt: iso(row.createdAt) };
  }

  async createQuestionnaire(title: string, typeCode: string) {
    const type = await this.repository.typeByCode(typeCode);
    if (!type)
      throw invalid('unknown questionnaire type', [
        { path: 'typeCode', message: 'no questionnaire type has this code' },
      ]);
    const id = await this.repository.insertQuestionnaire(title, type.id);
    await this.cache.invalidateNamespace(CacheNamespace.QUESTIONNAIRE_TYPES);
    return this.questionnaire(id);
  }

  async questionnaire(id: string) {
    const row = await this.repository.questionnaire(id);
    if (!row) throw notFound('questionnaire not found');
    const versions = await this.repository.versionsOf(id);
    return {
      ...this.questionnaireView(row),
      versions: versions.map((version) => ({
        ...version,
        publishedAt: isoOrNull(version.publishedAt),
        deprecatedAt: isoOrNull(version.deprecatedAt),
        createdAt: iso(version.createdAt),
      })),
    };
  }

  async listQuestionnaires(filter: { typeCode?: string; status?: QuestionnaireStatus; page: number; limit: number }) {
    const { items, total } = await this.repository.listQuestionnaires(filter);
    return { items: items.map((row) => this.questionnaireView(row)), page: filter.page, limit: filter.limit, total };
  }

  /**
   * ARCHIVED is final. Archiving deprecates the ACTIVE version (so the questionnaire takes no more
   * submissions); versions can no longer be created, edited, copied or published.
   */
  async archive(id: string) {
    const deprecated = await this.repository.transaction(async (trx) => {
      const questionnaire = await this.lockForChange(trx, id, { allowArchived: true });
      if (questionnaire.status === 'ARCHIVED') throw conflict('questionnaire is already archived');
      const count = await this.repository.deprecateActive(trx, id);
      await this.repository.setQuestionnaireStatus(trx, id, 'ARCHIVED');
      return count;
    });
    if (deprecated > 0)
      await this.invalidate(CacheNamespace.QUESTIONNAIRE_TYPES, CacheNamespace.QUESTIONNAIRE_VERSIONS);
    return this.questionnaire(id);
  }

  async createVersion(questionnaireId: string, schemaInput: unknown) {
    const versionId = await this.repository.transaction(async (trx) => {
      await this.lockForChange(trx, questionnaireId);
      await this.refuseSecondDraft(trx, questionnaireId);
      const schema = await this.validSchema(trx, schemaInput);
      const number = await this.repository.nextVersionNumber(trx, questionnaireId);
      return this.repository.insertDraft(trx, questionnaireId, number, schema);
    });
    await this.invalidate(CacheNamespace.QUESTIONNAIRE_VERSIONS);
    return this.version(versionId);
  }

  async updateDraft(questionnaireId: string, versionId: string, schemaInput: unknown) {
    await this.repository.transaction(async (trx) => {
      await this.lockForChange(trx, questionnaireId);
      const version = await this.versionOf(trx, questionnaireId, versionId);
      if (version.status !== 'DRAFT')
        throw conflict(`only a DRAFT version can be edited; version ${version.versionNumber} is ${version.status}`);
      await this.repository.updateDraftSchema(trx, versionId, await this.validSchema(trx, schemaInput));
    });
    return this.version(versionId);
  }

  /** DRAFT → ACTIVE; the previous ACTIVE version becomes DEPRECATED in the same transaction. */
  async publish(questionnaireId: string, versionId: string) {
    await this.repository.transaction(async (trx) => {
      await this.lockForChange(trx, questionnaireId);
      const version = await this.versionOf(trx, questionnaireId, versionId);
      if (version.status !== 'DRAFT')
        throw conflict(`only a DRAFT version can be published; version ${version.versionNumber} is ${version.status}`);
      await this.repository.deprecateActive(trx, questionnaireId);
      await this.repository.activateDraft(trx, versionId);
      await this.repository.setQuestionnaireStatus(trx, questionnaireId, 'PUBLISHED');
    });
    await this.invalidate(CacheNamespace.QUESTIONNAIRE_TYPES, CacheNamespace.QUESTIONNAIRE_VERSIONS);
    return this.version(versionId);
  }

  /** ACTIVE → DEPRECATED. The questionnaire, left without an ACTIVE version, is DRAFT again. */
  async deprecate(questionnaireId: string, versionId: string) {
    await this.repository.transaction(async (trx) => {
      await this.lockForChange(trx, questionnaireId);
      const version = await this.versionOf(trx, questionnaireId, versionId);
      if (version.status !== 'ACTIVE')
        throw conflict(
          `only an ACTIVE version can be deprecated; version ${version.versionNumber} is ${version.status}`,
        );
      await this.repository.deprecateVersion(trx, versionId);
      await this.repository.setQuestionnaireStatus(trx, questionnaireId, 'DRAFT');
    });
    await this.invalidate(CacheNamespace.QUESTIONNAIRE_TYPES, CacheNamespace.QUESTIONNAIRE_VERSIONS);
    return this.version(versionId);
  }

  /** A new DRAFT (next number) whose schema is a deep copy of a published version of the same questionnaire. */
  async fromTemplate(questionnaireId: string, sourceVersionId: string) {
    const versionId = await this.repository.transaction(async (trx) => {
      await this.lockForChange(trx, questionnaireId);
      const source = await this.repository.version(sourceVersionId, trx);
      if (!source) throw invalid('source version not found', [{ path: 'sourceVersionId', message: 'no such version' }]);
      if (source.questionnaireId !== questionnaireId)
        throw invalid('the source version belongs to another questionnaire', [
          { path: 'sourceVersionId', message: 'belongs to another questionnaire' },
        ]);
      if (source.status === 'DRAFT')
        throw invalid('the source version is a draft', [{ path: 'sourceVersionId', message: 'is a DRAFT' }]);
      await this.refuseSecondDraft(trx, questionnaireId);
      const number = await this.repository.nextVersionNumber(trx, questionnaireId);
      return this.repository.insertDraftFromVersion(trx, questionnaireId, number, sourceVersionId);
    });
    await this.invalidate(CacheNamespace.QUESTIONNAIRE_VERSIONS);
    return this.version(versionId);
  }

  /** A version by id; a DRAFT only with `draftsReadable` (its writers), else not found, as if it did not exist. */
  async version(versionId: string, options: { draftsReadable: boolean } = { draftsReadable: true }) {
    const version = await this.repository.version(versionId);
    if (!version || (version.status === 'DRAFT' && !options.draftsReadable))
      throw notFound('questionnaire version not found');
    return this.versionView(version);
  }

  async filterVersions(typeId: string) {
    return this.repository.filterVersions(typeId);
  }

  private async lockForChange(
    trx: Trx,
    questionnaireId: string,
    options: { allowArchived?: boolean } = {},
  ): Promise<QuestionnaireRow> {
    const questionnaire = await this.repository.lockQuestionnaire(trx, questionnaireId);
    if (!questionnaire) throw notFound('questionnaire not found');
    if (questionnaire.status === 'ARCHIVED' && !options.allowArchived)
      throw invalid('the questionnaire is ARCHIVED; its versions cannot change');
    return questionnaire;
  }

  private async refuseSecondDraft(trx: Trx, questionnaireId: string): Promise<void> {
    if (await this.repository.hasDraft(trx, questionnaireId))
      throw conflict('the questionnaire already has a DRAFT version; edit or publish it first');
  }

  private async versionOf(trx: Trx, questionnaireId: string, versionId: string): Promise<VersionRow> {
    const version = await this.repository.version(versionId, trx);
    if (!version || version.questionnaireId !== questionnaireId)
      throw notFound('questionnaire version not found in this questionnaire');
    return version;
  }

  private async validSchema(trx: Trx, input: unknown): Promise<QuestionnaireSchema> {
    const result = validateQuestionnaireSchema(input, await this.repository.dimensionCodes(trx));
    if (!result.ok)
      throw invalid(`the schema breaks ${result.details.length} rule(s); nothing was saved`, result.details);
    return result.schema;
  }

  private async invalidate(...namespaces: CacheNamespace[]): Promise<void> {
    for (const namespace of namespaces) await this.cache.invalidateNamespace(namespace);
  }

  private questionnaireView(row: QuestionnaireRow) {
    return {
      ...row,
      archivedAt: isoOrNull(row.archivedAt),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  private versionView(row: VersionRow) {
    const { questionnaireStatus: _questionnaireStatus, ...rest } = row;
    return {
      ...rest,
      publishedAt: isoOrNull(row.publishedAt),
      deprecatedAt: isoOrNull(row.deprecatedAt),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  }
}
