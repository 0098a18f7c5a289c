import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

type QuestionnaireStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';

/**
 * The titles of a type's questionnaires, by id, every page read: a version names only its questionnaire's id, and two
 * questionnaires of one type each have a "version 1", so a list of versions reads as one only with their titles.
 */
export function useQuestionnaireTitles(typeCode: string, status?: QuestionnaireStatus) {
  return useQuery({
    queryKey: ['questionnaires', 'titles', typeCode, status ?? 'any'],
    queryFn: async () => {
      const byId = new Map<string, string>();
      for (let page = 1; ; page += 1) {
        const answer = await unwrap(
          api.GET('/api/v1/questionnaires', { params: { query: { typeCode, status, page, limit: 100 } } }),
        );
        for (const questionnaire of answer.items) byId.set(questionnaire.id, questionnaire.title);
        if (answer.items.length === 0 || page * answer.limit >= answer.total) return byId;
      }
    },
    enabled: typeCode !== '',
  });
}
