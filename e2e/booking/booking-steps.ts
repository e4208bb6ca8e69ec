import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A pickup `days` days from now at `time`, as a datetime-local value (well past the 2-hour lead). */
export function dateTimeIn(days: number, time: string): string {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
}

/** Picks a place in a location picker of the French form by typing and choosing a suggestion. */
export async function pickAddress(page: Page, label: string, typed: string, suggestion: string): Promise<void> {
  const picker = page.getByRole('group', { name: label, exact: true });
  const input = picker.getByRole('combobox', { name: label, exact: true });
  await input.fill(typed);
  const option = picker.getByRole('option', { name: suggestion, exact: true });
  await expect(option).toBeVisible();
  await option.click();
  await expect(input).toHaveValue(suggestion);
}

export async function pickFixedPlace(page: Page, label: string, mode: string, place: string): Promise<void> {
  const picker = page.getByRole('group', { name: label, exact: true });
  await picker.getByRole('button', { name: mode, exact: true }).click();
  await expect(picker.getByRole('button', { name: mode, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await picker.getByLabel(label, { exact: true }).selectOption({ label: place });
}

/** Opens the party section if needed and presses + on a counter `times` times. */
export async function addToCounter(page: Page, label: string, times: number): Promise<void> {
  const toggle = page.getByRole('button', { name: /Passagers et bagages/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  for (let i = 0; i < times; i += 1) {
    await page.getByRole('button', { name: `Ajouter : ${label}`, exact: true }).click();
  }
}

/** No WCAG 2.1 A/AA violation in the page's main content (the funnel's own markup). */
export async function expectAccessibleMain(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
