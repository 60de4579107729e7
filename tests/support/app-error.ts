import { AppError } from '@/lib/errors';

/**
 * The AppError code `work` fails with, null when it succeeds, or the text of any other error (so
 * a test that expects a code fails with what went wrong instead).
 */
export async function codeOf(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
}
