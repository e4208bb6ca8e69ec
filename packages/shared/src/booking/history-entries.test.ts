import { describe, expect, it } from 'vitest';
import { historyReason, storedHistoryReason } from './history-entries.ts';

describe('history reasons', () => {
  it('stores a code, words typed, or the code with the words beside it', () => {
    expect(storedHistoryReason('changed_by_company', 'Vol avancé')).toBe('changed_by_company — Vol avancé');
    expect(storedHistoryReason('no_show', null)).toBe('no_show');
    expect(storedHistoryReason(null, 'Aucun van libre')).toBe('Aucun van libre');
    expect(storedHistoryReason(undefined, undefined)).toBeNull();
  });

  it('reads each back as words to translate and words to show as typed, never a raw code', () => {
    expect(historyReason('changed_by_company — Vol avancé — geste commercial')).toEqual({ code: 'changed_by_company', text: 'Vol avancé — geste commercial' });
    expect(historyReason('free_cancellation')).toEqual({ code: 'free_cancellation' });
    expect(historyReason('Aucun van libre — désolé')).toEqual({ text: 'Aucun van libre — désolé' });
    expect(historyReason('pi_3Nx — stripe')).toEqual({ text: 'pi_3Nx — stripe' });
    expect(historyReason('')).toBeNull();
  });
});
