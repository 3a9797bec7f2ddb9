import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberImport } from '../../contract/office-import';
import { request } from '../../web/request';
import { OFFICE_API } from './client';

/*
 * Member imports (docs/office.md "Importing members"): starting a dry run or an import of a CSV
 * file, and polling its job until it ends.
 */

/** How often a running job is asked for its progress (ms). */
export const IMPORT_POLL_MS = 400;

/** Starts a dry run or an import of a file's text; answers the job (running). */
export function useStartMemberImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: { file_name: string; content: string; dry_run: boolean }) =>
      request<MemberImport>(OFFICE_API, { method: 'POST', path: '/member-imports', body: values }),
    onSuccess: (job) => client.setQueryData(['office', 'member-imports', job.uuid], job),
  });
}

/** A job, polled while it runs; the audit log is refreshed once it has ended. */
export function useMemberImport(uuid: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['office', 'member-imports', uuid],
    enabled: uuid !== null,
    queryFn: async () => {
      const job = await request<MemberImport>(OFFICE_API, { method: 'GET', path: `/member-imports/${uuid}` });
      if (job.status !== 'running') void client.invalidateQueries({ queryKey: ['office', 'audit'] });
      return job;
    },
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
  });
}
