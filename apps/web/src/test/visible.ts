/**
 * Whether a user would see the element: it is in the page, and neither it nor an ancestor is hidden (the
 * `hidden` attribute, `aria-hidden`, `inert`, or a style of display: none / visibility: hidden). A `getBy…`
 * finds hidden elements too; this is what a test asserts about an element that must be shown.
 */
export function isVisible(element: Element): boolean {
  if (!element.ownerDocument.body.contains(element)) return false;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('inert'))
      return false;
    const style = node.ownerDocument.defaultView?.getComputedStyle(node);
    if (style?.display === 'none' || style?.visibility === 'hidden') return false;
  }
  return true;
}
