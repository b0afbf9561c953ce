/*
 * Carriers whose tracking page the member app links to from a parcel's page. Staff type the carrier's
 * name when they ship (free text, orders' express_name), so a name is matched loosely: case, spaces and
 * punctuation aside, and a service after the name ("Royal Mail Tracked 24", "DPD Local", "顺丰速运")
 * still counts. A carrier not listed is shown as text, without a link.
 */

interface Carrier {
  /** The carrier's usual name, then other names staff may type. */
  names: readonly string[];
  /** The tracking page, `{no}` standing for the tracking number (URI-encoded when filled in). */
  url: string;
}

export const CARRIERS: readonly Carrier[] = [
  { names: ['Royal Mail'], url: 'https://www.royalmail.com/track-your-item#/tracking-results/{no}' },
  { names: ['Parcelforce', 'Parcelforce Worldwide'], url: 'https://www.parcelforce.com/track-trace?trackNumber={no}' },
  { names: ['DPD'], url: 'https://track.dpd.co.uk/parcels/{no}' },
  { names: ['Evri', 'Hermes'], url: 'https://www.evri.com/track/parcel/{no}' },
  { names: ['DHL'], url: 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id={no}&submit=1' },
  { names: ['UPS'], url: 'https://www.ups.com/track?tracknum={no}' },
  { names: ['FedEx'], url: 'https://www.fedex.com/fedextrack/?trknbr={no}' },
  {
    names: ['SF Express', 'SF', '顺丰', '順豐'],
    url: 'https://www.sf-express.com/chn/en/waybill/waybill-detail/{no}',
  },
];

/** Lower case, runs of anything but letters, digits and CJK as one space. */
function normalized(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const CJK = /\p{Script=Han}/u;

/** The carrier staff named, if listed. */
export function carrierOf(name: string): Carrier | null {
  const typed = normalized(name);
  if (!typed) return null;
  return (
    CARRIERS.find((c) =>
      c.names.some((n) => {
        const key = normalized(n);
        // "顺丰速运" has no space after the name; a Latin name is followed by one ("dpd local", not "dpdx").
        return typed === key || typed.startsWith(CJK.test(key) ? key : `${key} `);
      }),
    ) ?? null
  );
}

/** The carrier's tracking page for this number, or null when the carrier is not listed or there is no number. */
export function trackingUrl(carrier: string, trackingNo: string): string | null {
  const known = carrierOf(carrier);
  const number = trackingNo.trim();
  if (!known || !number) return null;
  return known.url.replace('{no}', encodeURIComponent(number));
}
