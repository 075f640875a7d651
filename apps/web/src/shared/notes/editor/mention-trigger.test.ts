import { describe, expect, it } from 'vitest';
import { findMentionQuery } from './mention-trigger';

describe('findMentionQuery', () => {
  it('starts a mention at @ at the start, after a space or a bracket', () => {
    expect(findMentionQuery('@')).toMatchObject({ matchingString: '', leadOffset: 0 });
    expect(findMentionQuery('ask @dan')).toMatchObject({
      matchingString: 'dan',
      replaceableString: '@dan',
      leadOffset: 4,
    });
    expect(findMentionQuery('(@Dana Whit')).toMatchObject({ matchingString: 'Dana Whit' });
  });

  it('does not start one inside a word (an e-mail address)', () => {
    expect(findMentionQuery('mail dana@example')).toBeNull();
  });

  it('takes up to 75 characters of names, and no more', () => {
    const name = 'a'.repeat(75);
    expect(findMentionQuery(`@${name}`)?.matchingString).toBe(name);
    expect(findMentionQuery('@Dana Whitfield')?.matchingString).toBe('Dana Whitfield');
    // Beyond the limit the fallback (50 characters without spaces) does not match either.
    expect(findMentionQuery(`@${'a'.repeat(76)}`)).toBeNull();
  });
});
