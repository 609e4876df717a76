// Exposed as `mfe_spaces/SpacesPage`: the Spaces page (`/spaces`), every space the member can see.
import '../index.css';

export { SpacesPage as default } from '../features/spaces/components/spaces-page.tsx';
