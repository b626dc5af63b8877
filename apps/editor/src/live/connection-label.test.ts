import { ROOM_DENIED_MESSAGE } from '@beamstage/sync/browser';
import { describe, expect, it } from 'vitest';
import {
  connectionLabel,
  LIVE_CONNECTED,
  LIVE_CONNECTING,
  LIVE_CONNECTING_SLOW,
  LIVE_ERROR_PREFIX,
  LIVE_OFFLINE,
  LIVE_OFFLINE_KEPT,
  LIVE_RETRYING_KEPT,
  LIVE_RETRYING_WAITING,
  LIVE_VIEW_ONLY,
  liveIsOffline,
} from './connection-label';

describe('connectionLabel', () => {
  it('says Connecting before the first report and during the first attempt (slow after 15 s)', () => {
    expect(connectionLabel(null, false)).toEqual({ text: LIVE_CONNECTING, tone: 'pending' });
    expect(connectionLabel({ status: 'connecting', slow: false, attempt: 0 }, false).text).toBe(LIVE_CONNECTING);
    expect(connectionLabel({ status: 'connecting', slow: true, attempt: 0 }, false).text).toBe(LIVE_CONNECTING_SLOW);
  });

  it('says Live when connected', () => {
    expect(connectionLabel({ status: 'connected', slow: false, attempt: 0 }, true)).toEqual({ text: LIVE_CONNECTED, tone: 'live' });
    expect(connectionLabel({ status: 'connected', slow: false, attempt: 0 }, true, null, true)).toEqual({ text: LIVE_VIEW_ONLY, tone: 'live' });
  });

  it('says changes are kept on this device only when the document is open here', () => {
    expect(connectionLabel({ status: 'disconnected', slow: false, attempt: 2 }, true)).toEqual({ text: LIVE_OFFLINE_KEPT, tone: 'offline' });
    expect(connectionLabel({ status: 'connecting', slow: false, attempt: 3 }, true).text).toBe(LIVE_OFFLINE_KEPT);
    expect(connectionLabel({ status: 'disconnected', slow: false, attempt: 1 }, false).text).toBe(LIVE_OFFLINE);
  });

  it('shows an error with its reason when the room is refused (retryable), and any reason real-time is off', () => {
    expect(connectionLabel({ status: 'error', slow: false, attempt: 0, error: ROOM_DENIED_MESSAGE }, false)).toEqual({
      text: `${LIVE_ERROR_PREFIX}${ROOM_DENIED_MESSAGE}`,
      tone: 'error',
    });
    expect(connectionLabel({ status: 'connected', slow: false, attempt: 0 }, true, ROOM_DENIED_MESSAGE).text).toBe(ROOM_DENIED_MESSAGE);
  });

  it('shows a websocket error being retried as an error with its reason and the retry, the same through every retry state', () => {
    const lost = { slow: false, attempt: 1, error: 'connection lost', retrying: true } as const;
    for (const status of ['error', 'connecting', 'disconnected'] as const) {
      const label = connectionLabel({ ...lost, status }, true);
      expect(label).toEqual({
        text: 'Offline — connection lost, retrying…',
        tone: 'error',
        retrying: true,
        title: `Offline — connection lost, retrying… ${LIVE_RETRYING_KEPT}`,
      });
      // Offline meanwhile: the save line says local only and the media come from the browser.
      expect(liveIsOffline(label)).toBe(true);
    }
    const closed = connectionLabel({ status: 'error', slow: false, attempt: 1, error: 'you were removed from this project', retrying: true }, false);
    expect(closed.text).toBe('Offline — you were removed from this project, retrying…');
    expect(closed.title).toContain(LIVE_RETRYING_WAITING);
    // Connected again: Live, whatever the adapter said before.
    expect(connectionLabel({ status: 'connected', slow: false, attempt: 0 }, true).text).toBe(LIVE_CONNECTED);
    // An error for good is not retried: the prefix, and not offline (real-time is off, the REST copy is edited).
    const refused = connectionLabel({ status: 'error', slow: false, attempt: 0, error: ROOM_DENIED_MESSAGE, retrying: false }, false);
    expect(refused).toEqual({ text: `${LIVE_ERROR_PREFIX}${ROOM_DENIED_MESSAGE}`, tone: 'error' });
    expect(liveIsOffline(refused)).toBe(false);
  });
});
