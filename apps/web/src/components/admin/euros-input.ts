/**
 * An amount in euros as a price input shows it in edit mode: two decimals, with a comma in
 * French ("2,60"); empty when not set. The shared euros parser reads both separators back.
 */
export function toEurosInput(euros: number | null | undefined, language: string): string {
  if (euros === null || euros === undefined) return '';
  const text = euros.toFixed(2);
  return language === 'fr' ? text.replace('.', ',') : text;
}
