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
  LIVE_VIEW_ONLY,
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
});
