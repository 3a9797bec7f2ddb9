import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ActivityReport,
  LiabilityReport,
  ReportName,
  SessionsReport,
  StaffReport,
} from '../../contract/office-reports';
import { OFFICE_API_BASE } from '../../contract/routes';
import { request } from '../../web/request';
import { OFFICE_API } from './client';

/*
 * The office's reports (docs/office.md "Reports"): each report's JSON for the screen, and the
 * address of the same rows as a CSV file for the download link. Every key under ['office', 'reports'].
 */

/** The reports' choice: a shop (empty: all you run) and the period's first and last day (YYYY-MM-DD). */
export interface ReportChoice {
  shop_uuid: string;
  from: string;
  to: string;
}

/** The query of `name` under `choice`: the liability is taken at the end of the period's last day. */
export function reportSearch(name: ReportName, choice: ReportChoice): string {
  const query = new URLSearchParams();
  if (choice.shop_uuid) query.set('shop_uuid', choice.shop_uuid);
  if (name === 'liability') query.set('at', choice.to);
  else {
    query.set('from', choice.from);
    query.set('to', choice.to);
  }
  return query.toString();
}

/** The address of report `name`'s CSV file under `choice` (a link the browser downloads with the cookie). */
export function reportCsvHref(name: ReportName, choice: ReportChoice): string {
  return `${OFFICE_API_BASE}/reports/${name}.csv?${reportSearch(name, choice)}`;
}

function useReport<T>(name: ReportName, choice: ReportChoice) {
  return useQuery({
    queryKey: ['office', 'reports', name, choice],
    queryFn: () =>
      request<T>(OFFICE_API, { method: 'GET', path: `/reports/${name}?${reportSearch(name, choice)}` }),
    // A new period shows the old figures until the new ones come, rather than an empty page.
    placeholderData: keepPreviousData,
  });
}

/** The liability at the end of `choice.to`. */
export const useLiability = (choice: ReportChoice) => useReport<LiabilityReport>('liability', choice);
/** The activity of each day of the period. */
export const useActivity = (choice: ReportChoice) => useReport<ActivityReport>('activity', choice);
/** The portal sessions by day and type. */
export const useSessionsReport = (choice: ReportChoice) => useReport<SessionsReport>('sessions', choice);
/** What each staff member did at the till. */
export const useStaffReport = (choice: ReportChoice) => useReport<StaffReport>('staff', choice);
