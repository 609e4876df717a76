// Exposed as `mfe_spaces/SpacePage`: the space page (`/spaces/{id}`), rendered by the shell with { id }.
import '../index.css';

export { SpacePage as default } from '../features/spaces/components/space-page.tsx';
