import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/authenticated-user.js';
import { renderForReader } from './student-text.js';

/**
 * Every response body leaves through here: marked student text is shown to those who may read it and
 * withheld from the faculty member it is about (see student-text.ts). Error bodies get the same treatment in
 * the exception filter; PDFs render their data with the same function before drawing it.
 */
@Injectable()
export class StudentTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return next.handle().pipe(map((body: unknown) => renderForReader(body, request.user?.id ?? null)));
  }
}
