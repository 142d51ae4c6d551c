const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Out of sight: a closed dialog antd keeps mounted, or anything inside one. */
const hidden = (el: Element) => !!el.closest('[hidden], [style*="display: none"]');

/**
 * Keeps Tab inside the open dialog. antd pulls focus back when it lands on the page behind a dialog,
 * but a Tab from the dialog's last control leaves the document (a dialog is the page's last
 * element) for the browser's own toolbar, where nothing pulls it back: this wraps it to the first
 * control instead, and Shift+Tab from the first to the last.
 */
export function keepTabInDialogs(): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || e.defaultPrevented) return;
    const open = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].filter(
      (d) => !hidden(d),
    );
    const dialog = open[open.length - 1];
    if (!dialog) return;
    const controls = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => !hidden(el));
    const first = controls[0];
    const last = controls[controls.length - 1];
    const active = document.activeElement;
    const outside = !dialog.contains(active);
    if (!first || !last) {
      e.preventDefault();
      dialog.focus();
    } else if (e.shiftKey ? outside || active === first : outside || active === last) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  };
  document.addEventListener('keydown', onKeyDown);
  return () => document.removeEventListener('keydown', onKeyDown);
}
