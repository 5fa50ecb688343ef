import { revenueReportEndpoints, revenueReportPaths, type RevenueReportQuery } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { downloadFile } from '../../shared/resource/export-download';

/** Query-key root of 营收报表. */
export const revenueReportKey = 'revenueReport';

/** The report of `query`; not asked while the query is one the server would refuse (the page says why instead). */
export const useRevenueReport = (query: RevenueReportQuery, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: [revenueReportKey, 'report', query],
    queryFn: ({ signal }) => call(revenueReportEndpoints.report, { query, signal }),
  });

/** The xlsx of exactly the report shown for the same query. */
export const downloadRevenueReport = (query: RevenueReportQuery) => downloadFile(revenueReportPaths.export, { ...query }, '营收报表.xlsx');

/** The report's lot and area options, from the report itself: finance staff may not open the lot pages. */
export const useRevenueScopes = () =>
  useQuery({
    queryKey: [revenueReportKey, 'scopes'],
    queryFn: ({ signal }) => call(revenueReportEndpoints.scopes, { signal }),
  });
