import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/** antd-mobile's imperative Toast and Dialog render nothing under React 19 without this (DESIGN.md). */
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});
