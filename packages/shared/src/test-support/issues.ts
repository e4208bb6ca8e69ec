import type { z } from 'zod';
import { isMessageKey } from '../i18n/error-messages.ts';

/** `{ 'path.to.field': 'message' }` of a failed parse, checking every message is a known key. */
export function issuesOf(result: { success: boolean; error?: z.ZodError | undefined }): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.message.split('?')[0] ?? '';
    if (!isMessageKey(key)) throw new Error(`Message "${issue.message}" at ${issue.path.join('.')} is not a message key`);
    issues[issue.path.join('.')] ??= issue.message;
  }
  return issues;
}
