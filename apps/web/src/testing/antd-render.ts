/*
 * For a test that opens antd-mobile's imperative dialogs (Dialog.confirm): under React 19 they render
 * nothing until the app's render hook is set, as main.tsx does through app/antd-render. Imported by
 * the tests that need it only, so toasts stay silent everywhere else.
 */
import '../app/antd-render';
