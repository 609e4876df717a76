// Binds a WallStore to the posts API and to the posts rooms of the spaces it shows, for as long as
// the wall is on screen: events are merged as they come, and each reconnect refetches the first page.
import { useEffect, useState } from 'react';
import { fetchPosts, setPostLike } from '../api/posts-api.ts';
import { listenToPostsRoom } from './posts-rooms.ts';
import { WallStore, type WallStoreOptions } from './wall-store.ts';
import { registerWall } from './walls.ts';

export type UseWallOptions = {
  /** The space whose wall this is; null for the community wall. */
  spaceId: string | null;
  /** The rooms to listen to: the space's, or every space the community wall shows. */
  roomIds: readonly string[];
  meId: string;
  api?: WallStoreOptions['api'];
};

const defaultApi: WallStoreOptions['api'] = { fetchPosts, setLike: setPostLike };

export function useWall({ spaceId, roomIds, meId, api = defaultApi }: UseWallOptions): WallStore {
  const store = useWallStore({ spaceId, meId, api });
  useWallRooms(store, roomIds);
  return store;
}

/** The wall's store, loaded and registered while the wall is on screen. */
export function useWallStore({
  spaceId,
  meId,
  api = defaultApi,
}: Omit<UseWallOptions, 'roomIds'>): WallStore {
  const [store] = useState(() => new WallStore({ api, spaceId, meId }));

  useEffect(() => {
    store.revive();
    const unregister = registerWall(store);
    void store.load();
    return () => {
      unregister();
      store.dispose();
    };
  }, [store]);

  return store;
}

/** Merges the events of the posts rooms `roomIds` into the wall; each reconnect refetches its first page. */
export function useWallRooms(store: WallStore, roomIds: readonly string[]): void {
  const roomKey = [...roomIds].sort().join(',');
  useEffect(() => {
    const ids = roomKey === '' ? [] : roomKey.split(',');
    const stops = ids.map((id) =>
      listenToPostsRoom(id, {
        onEvent: (event) => store.handleEvent(event),
        onReconnect: () => void store.refresh(),
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [roomKey, store]);
}

/** Fetches the wall's first page again every `everyMs` while the page is visible (null: never). */
export function useWallRefresh(store: WallStore, everyMs: number | null): void {
  useEffect(() => {
    if (everyMs === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void store.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [store, everyMs]);
}
