// Exposed as `mfe_spaces/CommunityWall`: Home (`/` with the `livewall` feature), the upcoming events
// strip and the community wall.
import '../index.css';

export { CommunityWall as default } from '../features/posts/components/community-wall.tsx';
