// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { beforeLanguageChange, followSiteLanguage, i18n, LANG_STORAGE_KEY, setLanguage } from './index';

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

  it("still switches when the new language's strings cannot be loaded", async () => {
    beforeLanguageChange(() => Promise.reject(new Error('chunk failed')));
    await setLanguage('en');
    expect(i18n.language).toBe('en');
  });

  it('lets a later choice win over a switch still waiting for its strings', async () => {
    let release = () => {};
    const slowChinese = new Promise<void>((resolve) => (release = resolve));
    beforeLanguageChange((lang) => (lang === 'cn' ? slowChinese : Promise.resolve()));
    await i18n.changeLanguage('en');
    const siteDefault = followSiteLanguage('cn');
    await setLanguage('en');
    release();
    await siteDefault;
    expect(i18n.language).toBe('en');
  });
});
