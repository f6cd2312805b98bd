import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Film, ListVideo, Package, Store } from 'lucide-react'
import { useMemo } from 'react'
import { playlistListQuery } from '@/api/queries/playlists'
import { productSearchAcrossStoresQuery } from '@/api/queries/products'
import { storesQuery } from '@/api/queries/stores'
import { videoListQuery } from '@/api/queries/videos'
import { videoTitle } from '@/lib/video-facts'
import { useCurrentChannel } from '../shell/use-current-channel'
import { matchesText, type PaletteGroup } from './palette-entry'

const perGroup = 5

/**
 * Videos by caption, playlists and stores by name, products by name or identifier. Every
 * keystroke asks at once: the query of the previous text loses its last observer and React Query
 * aborts its request (the factories pass `signal` on); its results stay shown until the new ones
 * arrive.
 */
export function usePaletteSearch(text: string): { groups: PaletteGroup[]; searching: boolean } {
  const q = text.trim()
  const enabled = q.length > 0
  const navigate = useNavigate()
  const { current: channelId } = useCurrentChannel()
  const keep = { placeholderData: keepPreviousData }
  const videos = useInfiniteQuery({
    ...videoListQuery(channelId, { q }),
    ...keep,
    enabled: enabled && channelId !== '',
  })
  const playlists = useInfiniteQuery({
    ...playlistListQuery(channelId, { q }),
    ...keep,
    enabled: enabled && channelId !== '',
  })
  // Every store of the business, read once; products are searched in each of them, a few stores
  // at a time, until a group's worth is found.
  const stores = useQuery(storesQuery())
  const storeIds = useMemo(() => (stores.data ?? []).map((store) => store.id), [stores.data])
  const products = useQuery({
    ...productSearchAcrossStoresQuery(storeIds, q, perGroup),
    ...keep,
    enabled: enabled && storeIds.length > 0,
  })
  if (!enabled) return { groups: [], searching: false }
  const storeName = new Map((stores.data ?? []).map((store) => [store.id, store.name ?? 'a store']))
  const groups: PaletteGroup[] = [
    {
      label: 'Videos',
      entries: (videos.data?.videos ?? []).slice(0, perGroup).map((video) => ({
        id: `video:${video.id}`,
        label: videoTitle(video),
        detail: 'Video',
        icon: Film,
        run: () => void navigate({ to: '/videos/$videoId', params: { videoId: video.id } }),
      })),
    },
    {
      label: 'Playlists',
      entries: (playlists.data?.playlists ?? []).slice(0, perGroup).map((playlist) => ({
        id: `playlist:${playlist.id}`,
        label: playlist.name,
        detail: 'Playlist',
        icon: ListVideo,
        run: () =>
          void navigate({ to: '/playlists/$playlistId', params: { playlistId: playlist.id } }),
      })),
    },
    {
      label: 'Stores',
      entries: (stores.data ?? [])
        .filter((store) => matchesText(q, store.name))
        .slice(0, perGroup)
        .map((store) => ({
          id: `store:${store.id}`,
          label: store.name ?? 'Unnamed store',
          detail: 'Store',
          icon: Store,
          run: () => void navigate({ to: '/stores/$storeId', params: { storeId: store.id } }),
        })),
    },
    {
      label: 'Products',
      entries: (products.data ?? []).slice(0, perGroup).map((product) => ({
        id: `product:${product.id}`,
        label: product.name ?? product.external_id ?? 'Unnamed product',
        detail: `Product in ${storeName.get(product.business_store_id) ?? 'a store'}`,
        icon: Package,
        // Its page is its store's catalog, narrowed to it.
        run: () =>
          void navigate({
            to: '/stores/$storeId',
            params: { storeId: product.business_store_id },
            search: { q: product.name ?? product.id },
          }),
      })),
    },
  ]
  const searching = videos.isFetching || playlists.isFetching || products.isFetching
  return { groups, searching }
}
