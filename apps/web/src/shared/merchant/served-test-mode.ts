/**
 * Whether the page itself says the studio is in test mode: the server marks the member app's
 * index.html `<html data-test-mode="true">` while members are offered a test payment method
 * (server modules/studio/app-index.ts), so the frame can show the Test mode band from its first
 * paint instead of pushing the page down once the studio's info arrives. The studio's info, when
 * the app has it, is the live answer; this is what holds until then.
 */
export function servedInTestMode(doc: Document = document): boolean {
  return doc.documentElement.dataset.testMode === 'true';
}
