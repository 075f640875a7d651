import { invalidField } from '../http/errors';

/** A LinkedIn profile address (https, linkedin.com); empty clears it, undefined leaves it. */
export function checkLinkedInUrl(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text.startsWith('http') ? text : `https://${text}`);
  } catch {
    throw invalidField('linkedInProfileUrl', 'Enter a LinkedIn profile address');
  }
  if (url.protocol !== 'https:' || !/(^|\.)linkedin\.com$/i.test(url.hostname))
    throw invalidField('linkedInProfileUrl', 'Enter a LinkedIn profile address');
  return url.toString();
}
