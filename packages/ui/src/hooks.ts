import { useSnapshot } from 'valtio';
import { modalStore } from './modal-store.ts';

/** The open modal's type and props, re-rendering when they change. */
export function useModal() {
  return useSnapshot(modalStore);
}
