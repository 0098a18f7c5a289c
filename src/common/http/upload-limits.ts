/** The largest file an upload route reads (the ingestion's CSV or XLSX); a larger one is refused with 413. */
export const UPLOAD_MAX_FILE_MEGABYTES = 20;

/** The limits of every multipart request: one file part, a few text fields. */
export const UPLOAD_LIMITS = { fileSize: UPLOAD_MAX_FILE_MEGABYTES * 1024 * 1024, files: 1, fields: 20 } as const;
