import { playerEndpoints, type PlayerStream, type PlayerStreamInput, type PlayerTree } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { resolveAssetUrl } from '../../shared/tenant/branding-api';

export const playerTreeKey = ['player', 'detail', 'tree'] as const;

/** How often the tree's online dots are asked again. */
const treeRefreshSeconds = 60;

/** 视频监控's camera tree: lot → lane or space → camera, with each camera's online state. */
export function usePlayerTree() {
  return useQuery<PlayerTree>({
    queryKey: playerTreeKey,
    queryFn: ({ signal }) => call(playerEndpoints.tree, { silent: true, signal }),
    refetchInterval: treeRefreshSeconds * 1000,
  });
}

/**
 * A fresh signed address for one camera. Not cached: each start of a tile needs its own, and an old
 * one may have expired. The address is made absolute against the API's origin.
 */
export async function requestPlayerStream(input: PlayerStreamInput, signal?: AbortSignal): Promise<PlayerStream> {
  const stream = await call(playerEndpoints.stream, { body: input, silent: true, signal });
  return { ...stream, url: resolveAssetUrl(stream.url) };
}
