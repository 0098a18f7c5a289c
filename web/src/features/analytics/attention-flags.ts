/** What each attention flag of GET /analytics/attention means, for people. */
export const FLAG_NAMES: Record<string, string> = {
  declining_trend: 'Declining trend',
  quant_qual_gap: 'Score and sentiment disagree',
  low_coverage: 'Few comments analysed',
};

export const flagName = (flag: string) => FLAG_NAMES[flag] ?? flag;
