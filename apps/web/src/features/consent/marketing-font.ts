/** The marketing font's stylesheet, served by Quire itself: no request to a third party. */
export const MARKETING_FONT_HREF = '/fonts/marketing.css';
const LINK_ID = 'quire-marketing-font';

/** Adds the marketing font's stylesheet with marketing consent, and removes it when the consent is withdrawn. */
export function applyMarketingFont(consented: boolean): void {
  const present = document.getElementById(LINK_ID);
  if (!consented) {
    present?.remove();
    return;
  }
  if (present) return;
  const link = document.createElement('link');
  link.id = LINK_ID;
  link.rel = 'stylesheet';
  link.href = MARKETING_FONT_HREF;
  document.head.append(link);
}
