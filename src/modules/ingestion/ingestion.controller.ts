import type {} from '@fastify/multipart';
import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { invalid, unsupportedMediaType } from '../../common/errors/domain-error.js';
import { unsupportedMediaTypeMessage } from '../../common/http/exception-filter.js';
import { readMultipartBody } from '../../common/http/multipart-body.js';
import { Route } from '../../common/http/route.js';
import { unstorableTextDetails } from '../../common/http/unstorable-text.js';
import { zodIssuesToDetails } from '../../common/http/zod-details.js';
import { IngestionService } from './ingestion.service.js';
import { ingestionFields, ingestionParams, ingestionResult, ingestionUploadDocument } from './ingestion.schemas.js';

@Controller('questionnaires/versions')
@Roles('SUPER_ADMIN', 'ADMIN')
export class IngestionController {
  constructor(@Inject(IngestionService) private readonly ingestion: IngestionService) {}

  @Post(':versionId/ingest')
  @HttpCode(200)
  @Route({
    summary: 'Bulk-ingest submissions from a CSV or XLSX file (one result per data row; at most 5,000 rows)',
    tags: ['questionnaires'],
    params: ingestionParams,
    body: ingestionUploadDocument,
    consumes: 'multipart/form-data',
    response: ingestionResult,
  })
  async ingest(
    @Param() params: z.infer<typeof ingestionParams>,
    @Req() request: FastifyRequest,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    // Any other body (JSON included) is the wrong content type for an upload: 415 naming the type sent and the one taken.
    if (!request.isMultipart()) throw unsupportedMediaType(unsupportedMediaTypeMessage(request));
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    await readMultipartBody(async () => {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const content = await part.toBuffer();
          if (part.fieldname === 'file') file = content;
          else
            throw invalid(`unexpected file part '${part.fieldname}'`, [
              { path: part.fieldname, message: 'unknown file part' },
            ]);
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    });
    const parsed = ingestionFields.safeParse(fields);
    // The fields' text meets the rule of every JSON body and query (RequestValidationGuard).
    const details = [
      ...(parsed.success ? [] : zodIssuesToDetails(parsed.error.issues)),
      ...unstorableTextDetails(fields),
    ];
    if (!file || file.length === 0) details.push({ path: 'file', message: 'a non-empty file is required' });
    if (!parsed.success || !file || details.length > 0) throw invalid('validation failed', details);
    const { dryRun, delimiter, quote, escape, separator, sheetName, sheetIndex } = parsed.data;
    if (sheetName !== undefined && sheetIndex !== undefined)
      throw invalid('give sheetName or sheetIndex, not both', [
        { path: 'sheetIndex', message: 'conflicts with sheetName' },
      ]);
    return this.ingestion.ingest(user.id, params.versionId, file, {
      dryRun,
      csv: { delimiter, quote, escape, separator },
      excel: { sheetName, sheetIndex },
    });
  }
}
