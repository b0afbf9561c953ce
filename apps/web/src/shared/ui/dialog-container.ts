/**
 * Where dialogs render: inside the page's <main> landmark, so everything on screen while one is open
 * belongs to a landmark (antd-mobile puts its name on a wrapper, which outside a landmark reads as
 * stray content); the body when no page is mounted.
 */
export function dialogContainer(): HTMLElement {
  return document.querySelector<HTMLElement>('main') ?? document.body;
}
