import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { redirectTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { PageSkeleton } from '@/shared/ui/page-states';

/**
 * select-coupon (spec 2): choosing a coupon happens on the confirm page's sheet, where the amounts
 * change as the member picks; this address opens that page with the sheet up, for the same items.
 */
export function SelectCouponPage() {
  const [params] = useSearchParams();
  useEffect(() => {
    const next = new URLSearchParams(params);
    next.set('pick_coupon', '1');
    void redirectTo(`${paths.goodsOrderConfirm}?${next.toString()}`);
  }, [params]);
  return <PageSkeleton rows={2} />;
}
