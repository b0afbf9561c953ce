import type { FeedbackAddInput, feedbackCalls as feedbackDefs, MemberFeedback } from '@studio/contract/feedback';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/shared/api/call-function';
import { usePagedCall } from '@/shared/api/paged';

/** By reference (zod-free): the help page, the list and the thread read; the write form checks its own input. */
const calls = {
  getServiceCenter: callRef<typeof feedbackDefs.getServiceCenter>('client/pub.getServiceCenter'),
  getList: callRef<typeof feedbackDefs.getList>('client/feedback.getList'),
  getInfo: callRef<typeof feedbackDefs.getInfo>('client/feedback.getInfo'),
  add: callRef<typeof feedbackDefs.add>('client/feedback.add'),
  reply: callRef<typeof feedbackDefs.reply>('client/feedback.reply'),
};

/** The studio's phone, e-mail, address, hours and FAQ, in the member's language. */
export function useServiceCenter() {
  return useQuery({
    queryKey: [calls.getServiceCenter.url],
    queryFn: ({ signal }) => call(calls.getServiceCenter, {}, { silent: true, loading: false, signal }),
  });
}

/** The member's conversations with the studio, last active first. */
export function useMyFeedback() {
  return usePagedCall(calls.getList, {});
}

export function useFeedbackThread(id: string) {
  return useQuery({
    queryKey: [calls.getInfo.url, { _id: id }],
    enabled: id !== '',
    queryFn: async ({ signal }) =>
      (await call(calls.getInfo, { _id: id }, { silent: true, loading: false, signal })).feedback,
  });
}

/** After a write: the list and the thread refetch. */
export function useFeedbackWrites() {
  const client = useQueryClient();
  const refresh = async (thread: MemberFeedback) => {
    client.setQueryData([calls.getInfo.url, { _id: thread._id }], thread);
    await client.invalidateQueries({ queryKey: [calls.getList.url] });
  };
  return {
    add: async (input: FeedbackAddInput) => {
      const { feedback } = await call(calls.add, input);
      await refresh(feedback);
      return feedback;
    },
    reply: async (id: string, content: string) => {
      const { feedback } = await call(calls.reply, { _id: id, content });
      await refresh(feedback);
      return feedback;
    },
  };
}
