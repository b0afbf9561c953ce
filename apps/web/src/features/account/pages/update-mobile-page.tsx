import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useMyUserInfo } from '../api/user-info';
import { ContactChangeForm } from '../components/contact-change-form';

export function UpdateMobilePage() {
  const { data, error, isPending, refetch } = useMyUserInfo();
  if (isPending) return <PageSkeleton rows={1} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  return <ContactChangeForm key={data.userInfo.mobile ?? ''} kind="mobile" current={data.userInfo.mobile} />;
}
