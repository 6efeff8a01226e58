/**
 * Adds a feature's stylesheet to the page once, from the feature's own chunk. The app's one stylesheet is
 * loaded by every page, the landing route included; styles only signed-in pages need travel this way instead.
 */
export function adoptStyles(id: string, css: string): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}
