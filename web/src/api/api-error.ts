/** One entry of the API's validation details: where the problem is (e.g. `schema.sections.0.weight`) and what. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** The API's error body (conventions §2): `{ statusCode, error, message, details? }`. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  details?: FieldProblem[];
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).message === 'string' &&
    typeof (value as ErrorBody).statusCode === 'number'
  );
}

/** What the API refused, as it said it: the UI shows `message` and puts each `details` entry by its field. */
export class ApiError extends Error {
  readonly status: number;
  readonly details: FieldProblem[];

  constructor(status: number, message: string, details: FieldProblem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }

  static from(response: Response, body: unknown): ApiError {
    if (isErrorBody(body)) return new ApiError(response.status, body.message, body.details ?? []);
    return new ApiError(response.status, `The service answered ${response.status} ${response.statusText}`.trim());
  }

  /** The problems reported for exactly this path. */
  at(path: string): FieldProblem[] {
    return this.details.filter((detail) => detail.path === path);
  }
}

/** The message to show for anything a request threw. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'The service could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : String(error);
}
