// The directory's two side widgets, with the windows the server ranks over (docs/product-decisions.md,
// "Members directory").
import { LEADERBOARD_DAYS, MOST_ACTIVE_DAYS } from '@community/domain';
import { getLeaderboard, getMostActive } from '../api/members-api.ts';
import { ActivityWidget } from './activity-widget.tsx';

export const NO_LEADERBOARD_ACTIVITY = `No activity in the last ${LEADERBOARD_DAYS} days`; // ours
export const NO_ACTIVITY_THIS_WEEK = 'No activity this week'; // ours

export function LeaderboardWidget() {
  return (
    <ActivityWidget
      title="Leaderboard"
      window={`Last ${LEADERBOARD_DAYS} days`}
      emptyText={NO_LEADERBOARD_ACTIVITY}
      errorText="Unable to load the leaderboard"
      fetchRanking={getLeaderboard}
    />
  );
}

export function MostActiveWidget() {
  return (
    <ActivityWidget
      title="Most active this week"
      window={`Last ${MOST_ACTIVE_DAYS} days`}
      emptyText={NO_ACTIVITY_THIS_WEEK}
      errorText="Unable to load the most active members"
      fetchRanking={getMostActive}
    />
  );
}
