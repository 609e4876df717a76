import { describe, expect, it } from 'vitest';
import {
  directionsUrl,
  linkedInEmbedUrl,
  streamLocationOf,
  youTubeChatUrl,
  youTubeEmbedUrl,
  youTubeVideoId,
} from './stream-links.ts';

describe('stream links', () => {
  it('reads the video id of every usual YouTube address', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ?feature=share',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(youTubeVideoId(url)).toBe('dQw4w9WgXcQ');
    }
    expect(youTubeVideoId('https://www.youtube.com/channel/abc')).toBeNull();
    expect(youTubeVideoId('not a url')).toBeNull();
    expect(youTubeVideoId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it('embeds YouTube unmuted and autoplaying, with the live chat for this host', () => {
    expect(youTubeEmbedUrl('abc123def45')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123def45?autoplay=1&mute=0',
    );
    expect(youTubeChatUrl('abc123def45', 'community.example')).toBe(
      'https://www.youtube.com/live_chat?v=abc123def45&embed_domain=community.example',
    );
  });

  it('builds LinkedIn embed addresses from posts, keeps embeds, and has none for event pages', () => {
    expect(
      linkedInEmbedUrl('https://www.linkedin.com/feed/update/urn:li:activity:7264019283746501234/'),
    ).toBe('https://www.linkedin.com/embed/feed/update/urn:li:activity:7264019283746501234');
    expect(
      linkedInEmbedUrl('https://www.linkedin.com/posts/hana_live-activity-7264019283746501234-AbCd'),
    ).toBe('https://www.linkedin.com/embed/feed/update/urn:li:activity:7264019283746501234');
    expect(linkedInEmbedUrl('https://www.linkedin.com/embed/feed/update/urn:li:ugcPost:42')).toBe(
      'https://www.linkedin.com/embed/feed/update/urn:li:ugcPost:42',
    );
    expect(linkedInEmbedUrl('https://www.linkedin.com/events/7264019283746501234/')).toBeNull();
    expect(linkedInEmbedUrl('https://example.com/urn:li:activity:1')).toBeNull();
  });

  it('tells the platform of a stream from its host name', () => {
    expect(streamLocationOf('https://www.youtube.com/watch?v=x')).toBe('YOUTUBE');
    expect(streamLocationOf('https://youtu.be/x')).toBe('YOUTUBE');
    expect(streamLocationOf('https://www.linkedin.com/events/1/')).toBe('LINKEDIN');
    expect(streamLocationOf('https://www.facebook.com/events/1/')).toBe('FACEBOOK');
    expect(streamLocationOf('https://fb.watch/abc')).toBe('FACEBOOK');
    expect(streamLocationOf('https://vimeo.com/1')).toBeNull();
    expect(streamLocationOf('javascript:alert(1)')).toBeNull();
  });

  it('asks Google Maps for directions to the coordinates', () => {
    expect(directionsUrl(52.5024, 13.3906)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=52.5024,13.3906',
    );
  });
});
