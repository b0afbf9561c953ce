import { describe, expect, it } from 'vitest';
import { CARRIERS, trackingUrl } from './carriers';

describe('trackingUrl', () => {
  it.each([
    ['Royal Mail', 'RM123456789GB', 'https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB'],
    ['royal mail', 'RM1', 'https://www.royalmail.com/track-your-item#/tracking-results/RM1'],
    ['Royal Mail Tracked 24', 'RM1', 'https://www.royalmail.com/track-your-item#/tracking-results/RM1'],
    ['DPD Local', '1550 1234', 'https://track.dpd.co.uk/parcels/1550%201234'],
    ['Hermes', 'H/1?x', 'https://www.evri.com/track/parcel/H%2F1%3Fx'],
    ['ups', '1Z999', 'https://www.ups.com/track?tracknum=1Z999'],
    ['顺丰速运', 'SF1234', 'https://www.sf-express.com/chn/en/waybill/waybill-detail/SF1234'],
  ])('%s, %s → %s', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('answers null for a carrier it does not know, a name that only begins like one, or no number', () => {
    expect(trackingUrl('Our van', 'A1')).toBeNull();
    expect(trackingUrl('DPDX', 'A1')).toBeNull();
    expect(trackingUrl('', 'A1')).toBeNull();
    expect(trackingUrl('DHL', '  ')).toBeNull();
  });

  it('links only to https pages that take the number', () => {
    for (const c of CARRIERS) {
      expect(c.url.startsWith('https://')).toBe(true);
      expect(c.url).toContain('{no}');
    }
  });
});
