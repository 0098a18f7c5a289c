import type { Provider } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import { createLanguageModelProvider, type LanguageModelProvider } from '../../llm/index.js';

/** The language model of topic labels and recommendations: the OpenAI-compatible model, or the local engine. */
export const LANGUAGE_MODEL = Symbol('LANGUAGE_MODEL');

export const languageModelProvider: Provider<LanguageModelProvider> = {
  provide: LANGUAGE_MODEL,
  inject: [SETTINGS],
  useFactory: (settings: { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string; LLM_MODEL?: string }) =>
    createLanguageModelProvider({
      ...(settings.OPENAI_API_KEY ? { apiKey: settings.OPENAI_API_KEY } : {}),
      ...(settings.OPENAI_BASE_URL ? { baseURL: settings.OPENAI_BASE_URL } : {}),
      model: settings.LLM_MODEL ?? 'gpt-4o-mini',
      logger: getLogger('language-model'),
    }),
};
