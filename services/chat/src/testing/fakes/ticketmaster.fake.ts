import { type LoopbackFake, startLoopback } from '@jarvis/testing';

/** Ticketmaster Discovery v2 `/discovery/v2/events.json`; checks `apikey`; keyword "nothing" finds no events. */
export function startTicketmasterFake(apiKey: string): Promise<LoopbackFake> {
  return startLoopback((req) => {
    if (req.path !== '/discovery/v2/events.json') return { status: 404, body: { errors: [{ code: 'DIS1001' }] } };
    if (req.query.get('apikey') !== apiKey) return { status: 401, body: { fault: { faultstring: 'Invalid ApiKey' } } };
    if (req.query.get('keyword') === 'nothing') return { body: { page: { size: 10, totalElements: 0 } } };
    return {
      body: {
        _embedded: {
          events: [
            {
              id: 'vv1',
              name: 'Jazz Night',
              url: 'https://www.ticketmaster.com/event/vv1',
              dates: { start: { localDate: '2026-06-01', localTime: '20:00:00' } },
              _embedded: { venues: [{ name: 'Blue Note', city: { name: 'Chicago' } }] },
            },
            { id: 'vv2', name: 'Open Air', dates: { start: { localDate: '2026-06-02' } } },
          ],
        },
        page: { size: 10, totalElements: 2 },
      },
    };
  });
}
