import type { Provider } from '@nestjs/common';
import { z } from 'zod';
import { SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import { languageModelSettingFields } from '../../config/settings.js';
import { createCommentWriter } from '../../llm/index.js';

export const COMMENT_WRITER = Symbol('COMMENT_WRITER');

const languageModelSettings = z.object(languageModelSettingFields);

/**
 * The comment writer of the process: the model when its settings hold OPENAI_API_KEY, the local generator
 * otherwise. The domain core is composed with each process's own settings object, which carries the
 * language-model settings only where the process reads them (the API, the demo, the CLI's generate command).
 */
export const commentWriterProvider: Provider = {
  provide: COMMENT_WRITER,
  inject: [SETTINGS],
  useFactory: (settings: unknown) => {
    const parsed = languageModelSettings.safeParse(settings);
    const model = parsed.success ? parsed.data : languageModelSettings.parse({});
    return createCommentWriter({
      apiKey: model.OPENAI_API_KEY,
      baseURL: model.OPENAI_BASE_URL,
      model: model.LLM_MODEL,
      logger: getLogger('generator'),
    });
  },
};
