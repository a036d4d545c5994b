// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { followSiteLanguage, i18n, LANG_STORAGE_KEY, setLanguage } from './index';

describe('the web config default language (basic.lang)', () => {
  afterEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('cn');
  });

  it('applies to a visitor who has not chosen a language', async () => {
    await followSiteLanguage('en');
    expect(i18n.language).toBe('en');
  });

  it("never overrides the visitor's own choice", async () => {
    await setLanguage('cn');
    await followSiteLanguage('en');
    expect(i18n.language).toBe('cn');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('cn');
  });
});
