import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CurrentUser, hasRole, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { ALL_ROLES, Roles } from '../../common/auth/roles.js';
import { jsonText } from '../../common/http/json-text.js';
import { pagedResponse } from '../../common/http/paging.js';
import { Route } from '../../common/http/route.js';
import {
  createDimensionBody,
  createQuestionnaireBody,
  dimensionItem,
  filterVersionItem,
  filterVersionsQuery,
  fromTemplateBody,
  questionnaireDetail,
  questionnaireListItem,
  questionnaireListQuery,
  questionnaireTypeItem,
  typeCodeParams,
  typeVersionItem,
  uuidParams,
  versionBody,
  versionDetail,
  versionIdParams,
  versionParams,
} from './questionnaires.schemas.js';
import { QuestionnairesService } from './questionnaires.service.js';

const TAGS = ['questionnaires'];

/** Whether the caller writes questionnaires (the controller's own roles), and so reads their drafts. */
function writesQuestionnaires(user: AuthenticatedUser): boolean {
  return hasRole(user, 'SUPER_ADMIN', 'ADMIN');
}

/**
 * Questionnaire management. Writes are SUPER_ADMIN and ADMIN; the type list, the versions of a type
 * and a version by id are open to every authenticated role, because respondents need the schema to
 * answer it. A DRAFT is the writers' own until it is published: other roles neither list nor read one
 * (a faculty member would read the items of an evaluation before it is out; outside audit S).
 */
@Controller('questionnaires')
@Roles('SUPER_ADMIN', 'ADMIN')
export class QuestionnairesController {
  constructor(@Inject(QuestionnairesService) private readonly service: QuestionnairesService) {}

  @Get('types')
  @Roles(...ALL_ROLES)
  @Route({ summary: 'Questionnaire types (cached 1 h)', tags: TAGS, response: z.array(questionnaireTypeItem) })
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    return jsonText(reply, await this.service.typesJson());
  }

  @Get('types/:type/versions')
  @Roles(...ALL_ROLES)
  @Route({
    summary: 'Every version of every questionnaire of a type; :type is the type code (cached 1 h)',
    tags: TAGS,
    params: typeCodeParams,
    response: z.array(typeVersionItem),
  })
  async typeVersions(@CurrentUser() user: AuthenticatedUser, @Param() params: z.infer<typeof typeCodeParams>) {
    const versions = await this.service.typeVersions(params.type);
    return writesQuestionnaires(user) ? versions : versions.filter((version) => version.status !== 'DRAFT');
  }

  @Get('versions/:versionId')
  @Roles(...ALL_ROLES)
  @Route({ summary: 'A version with its schema', tags: TAGS, params: versionIdParams, response: versionDetail })
  version(@CurrentUser() user: AuthenticatedUser, @Param() params: z.infer<typeof versionIdParams>) {
    return this.service.version(params.versionId, { draftsReadable: writesQuestionnaires(user) });
  }

  @Get()
  @Route({
    summary: 'Questionnaires, newest first',
    tags: TAGS,
    query: questionnaireListQuery,
    response: pagedResponse(questionnaireListItem),
  })
  list(@Query() query: z.infer<typeof questionnaireListQuery>) {
    return this.service.listQuestionnaires(query);
  }

  @Post()
  @Route({
    summary: 'Create a questionnaire (status DRAFT)',
    tags: TAGS,
    body: createQuestionnaireBody,
    response: questionnaireDetail,
  })
  create(@Body() body: z.infer<typeof createQuestionnaireBody>) {
    return this.service.createQuestionnaire(body.title, body.typeCode);
  }

  @Get(':id')
  @Route({
    summary: 'A questionnaire with its versions',
    tags: TAGS,
    params: uuidParams,
    response: questionnaireDetail,
  })
  questionnaire(@Param() params: z.infer<typeof uuidParams>) {
    return this.service.questionnaire(params.id);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Route({
    summary: 'Archive a questionnaire (final; its ACTIVE version is deprecated)',
    tags: TAGS,
    params: uuidParams,
    response: questionnaireDetail,
    status: 200,
  })
  archive(@Param() params: z.infer<typeof uuidParams>) {
    return this.service.archive(params.id);
  }

  @Post(':id/versions')
  @Route({
    summary: 'Create the DRAFT version (409 when a draft exists)',
    tags: TAGS,
    params: uuidParams,
    body: versionBody,
    response: versionDetail,
  })
  createVersion(@Param() params: z.infer<typeof uuidParams>, @Body() body: z.infer<typeof versionBody>) {
    return this.service.createVersion(params.id, body.schema);
  }

  @Post(':id/versions/from-template')
  @Route({
    summary: 'Create the DRAFT version as a copy of a published version of the same questionnaire',
    tags: TAGS,
    params: uuidParams,
    body: fromTemplateBody,
    response: versionDetail,
  })
  fromTemplate(@Param() params: z.infer<typeof uuidParams>, @Body() body: z.infer<typeof fromTemplateBody>) {
    return this.service.fromTemplate(params.id, body.sourceVersionId);
  }

  @Put(':id/versions/:versionId')
  @Route({
    summary: 'Replace the schema of the DRAFT version (409 for any other status)',
    tags: TAGS,
    params: versionParams,
    body: versionBody,
    response: versionDetail,
  })
  updateDraft(@Param() params: z.infer<typeof versionParams>, @Body() body: z.infer<typeof versionBody>) {
    return this.service.updateDraft(params.id, params.versionId, body.schema);
  }

  @Post(':id/versions/:versionId/publish')
  @HttpCode(200)
  @Route({
    summary: 'Publish the DRAFT: it becomes ACTIVE and the previous ACTIVE version DEPRECATED',
    tags: TAGS,
    params: versionParams,
    response: versionDetail,
    status: 200,
  })
  publish(@Param() params: z.infer<typeof versionParams>) {
    return this.service.publish(params.id, params.versionId);
  }

  @Post(':id/versions/:versionId/deprecate')
  @HttpCode(200)
  @Route({
    summary: 'Deprecate the ACTIVE version',
    tags: TAGS,
    params: versionParams,
    response: versionDetail,
    status: 200,
  })
  deprecate(@Param() params: z.infer<typeof versionParams>) {
    return this.service.deprecate(params.id, params.versionId);
  }
}

@Controller('dimensions')
@Roles('SUPER_ADMIN', 'ADMIN')
export class DimensionsController {
  constructor(@Inject(QuestionnairesService) private readonly service: QuestionnairesService) {}

  @Get()
  @Roles(...ALL_ROLES)
  @Route({ summary: 'The dimension registry', tags: TAGS, response: z.array(dimensionItem) })
  list() {
    return this.service.dimensions();
  }

  @Post()
  @Route({
    summary: 'Register a dimension (409 when the code exists)',
    tags: TAGS,
    body: createDimensionBody,
    response: dimensionItem,
  })
  create(@Body() body: z.infer<typeof createDimensionBody>) {
    return this.service.createDimension(body.code, body.displayName);
  }
}

/** The questionnaire part of the spec's admin filter cascade. */
@Controller('admin/filters')
@Roles('SUPER_ADMIN', 'ADMIN')
export class QuestionnaireFiltersController {
  constructor(@Inject(QuestionnairesService) private readonly service: QuestionnairesService) {}

  @Get('questionnaire-types')
  @Route({ summary: 'Questionnaire types', tags: ['filters'], response: z.array(questionnaireTypeItem) })
  async types(@Res({ passthrough: true }) reply: FastifyReply) {
    return jsonText(reply, await this.service.typesJson());
  }

  @Get('questionnaire-versions')
  @Route({
    summary: 'Versions of every questionnaire of a type (typeId required)',
    tags: ['filters'],
    query: filterVersionsQuery,
    response: z.array(filterVersionItem),
  })
  versions(@Query() query: z.infer<typeof filterVersionsQuery>) {
    return this.service.filterVersions(query.typeId);
  }
}
