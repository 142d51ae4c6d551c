/**
 * Adds a stylesheet to the page once, by id: the CSS of a component ui-kit draws itself (Card,
 * PageBreadcrumb). The id carries a version, so that a remote running a newer copy of ui-kit adds
 * its own rules beside the page's rather than finding the old ones in place.
 */
export function ensureStyleSheet(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
