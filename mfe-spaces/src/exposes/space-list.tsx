// Exposed as `mfe_spaces/SpaceList`: the spaces sidebar of the signed-in layout.
import '../index.css';

export { SpaceList as default } from '../features/spaces/components/space-list.tsx';
