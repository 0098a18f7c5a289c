import type { FastifyInstance } from 'fastify';
import type { AuthenticatedRequest } from '../auth/authenticated-user.js';
import { carriesMarks, renderForReader, renderString } from './student-text.js';

/**
 * Every response body leaves through here, errors included: marked student text is shown to those who may read
 * it and withheld from the faculty member it is about (see student-text.ts). PDFs render their data with the
 * same function before drawing it.
 *
 * The check runs on the body as it is about to be sent, serialized: one scan of the string for the mark
 * characters, which JSON serialization leaves as they are. Almost no body carries a mark, and those pass
 * untouched without a walk of their object; a body that does is parsed, rendered for its reader and serialized
 * again. Buffers and streams (files) carry no marks.
 */
export function renderStudentTextForReaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || !carriesMarks(payload)) {
      done(null, payload);
      return;
    }
    const reader = (request as AuthenticatedRequest).user?.id ?? null;
    const json = /\bjson\b/i.test(String(reply.getHeader('content-type') ?? ''));
    done(
      null,
      json ? JSON.stringify(renderForReader(JSON.parse(payload), reader)) : (renderString(payload, reader) ?? ''),
    );
  });
}
