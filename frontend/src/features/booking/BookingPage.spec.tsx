import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingRequest } from '../../api/booking';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, routeFetch, type FakeRoutes } from '../../test/render';
import { BookingPage } from './BookingPage';
import { bookingDays, slotTime } from './booking-slots';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CODE = 'abcDEF123456';
// Mon 24 Nov 2025, 9:00 and 9:30 Eastern; Tue 25 Nov, 14:00 Eastern.
const request: BookingRequest = {
  title: 'Meeting with Ada',
  duration_minutes: 30,
  available_slots: [
    { start: '2025-11-24T14:00:00.000Z', displayText: 'Monday, November 24 at 9:00 AM' },
    { start: '2025-11-24T14:30:00.000Z', displayText: 'Monday, November 24 at 9:30 AM' },
    { start: '2025-11-25T19:00:00.000Z', displayText: 'Tuesday, November 25 at 2:00 PM' },
  ],
};

function fakeApi(routes: FakeRoutes) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

function renderPage(code = CODE) {
  return renderWithProviders(
    <Routes>
      <Route path="/book/:code" element={<BookingPage />} />
    </Routes>,
    { user: null, route: `/book/${code}` },
  );
}

const confirmPath = `/api/booking-requests/${CODE}/confirm`;

describe('booking slots', () => {
  it('groups slots by their Eastern day and labels times in Eastern time', () => {
    const days = bookingDays([request.available_slots[2], ...request.available_slots.slice(0, 2)]);
    expect(days.map((d) => [d.key, d.weekday, d.day, d.month, d.slots.length])).toEqual([
      ['2025-11-24', 'Mon', '24', 'Nov', 2],
      ['2025-11-25', 'Tue', '25', 'Nov', 1],
    ]);
    expect(days[0].label).toBe('Monday, November 24');
    expect(slotTime(request.available_slots[1])).toBe('9:30 AM');
  });

  it('keeps a late-evening Eastern slot on its Eastern day', () => {
    // 23:30 Eastern on Nov 24 is already Nov 25 in UTC.
    const [day] = bookingDays([{ start: '2025-11-25T04:30:00.000Z', displayText: 'late' }]);
    expect(day.key).toBe('2025-11-24');
  });
});

describe('BookingPage', () => {
  it('shows a spinner while the link loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage();
    expect(screen.getByTestId('loading-state')).toBeInTheDocument();
  });

  it("says 'Booking Not Found' for an unknown code", async () => {
    fakeApi(
      failure(
        api.calendar.bookingRequest,
        404,
        { error: 'Not found', code: 'NOT_FOUND' },
        { params: { code: 'nope' } },
      ),
    );
    renderPage('nope');
    expect(await screen.findByText('Booking Not Found')).toBeInTheDocument();
    expect(screen.getByText('This booking link is invalid or has expired.')).toBeInTheDocument();
  });

  it('says when no times are open', async () => {
    fakeApi(
      answer(api.calendar.bookingRequest, { ...request, available_slots: [] }, { params: { code: CODE } }),
    );
    renderPage();
    expect(await screen.findByText('No times available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
  });

  it("asks for a time first ('No Time Selected'), then a name ('Name Required')", async () => {
    const fake = fakeApi(answer(api.calendar.bookingRequest, request, { params: { code: CODE } }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Meeting with Ada' })).toBeInTheDocument();
    expect(screen.getByText('30 minutes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    let toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('No Time Selected');
    expect(toast).toHaveTextContent('Please select a time slot to continue');

    await user.click(screen.getByRole('radio', { name: 'Monday, November 24' }));
    await user.click(screen.getByRole('radio', { name: 'Monday, November 24 at 9:30 AM' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(screen.getAllByText('Name Required').length).toBeGreaterThan(0));
    toast = screen.getAllByTestId('toast').at(-1) as HTMLElement;
    expect(toast).toHaveTextContent('Please enter your name to continue');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Please enter your name to continue',
    );
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('clears the chosen time when another date is chosen', async () => {
    fakeApi(answer(api.calendar.bookingRequest, request, { params: { code: CODE } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Monday, November 24' }));
    const time = within(screen.getByRole('radiogroup', { name: 'Time' }));
    expect(time.getAllByRole('radio').map((r) => r.textContent)).toEqual(['9:00 AM', '9:30 AM']);
    await user.click(time.getByRole('radio', { name: 'Monday, November 24 at 9:00 AM' }));
    expect(screen.getByTestId('booking-summary')).toHaveTextContent('Monday, November 24 at 9:00 AM');

    await user.click(screen.getByRole('radio', { name: 'Tuesday, November 25' }));
    expect(screen.getByTestId('booking-summary')).toHaveTextContent('No time selected yet');
    const tuesday = within(screen.getByRole('radiogroup', { name: 'Time' })).getAllByRole('radio');
    expect(tuesday.map((r) => [r.textContent, r.getAttribute('aria-checked')])).toEqual([
      ['2:00 PM', 'false'],
    ]);
  });

  it('confirms with the slot, the trimmed name and the e-mail, then shows the confirmed screen', async () => {
    const fake = fakeApi({
      ...answer(api.calendar.bookingRequest, request, { params: { code: CODE } }),
      ...answer(
        api.calendar.confirmBooking,
        { success: true, bookingId: 'b1', start: request.available_slots[2].start },
        { params: { code: CODE } },
      ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Tuesday, November 25' }));
    await user.click(screen.getByRole('radio', { name: 'Tuesday, November 25 at 2:00 PM' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Grace Hopper ');
    await user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    const done = await screen.findByTestId('booking-confirmed');
    expect(done).toHaveTextContent('Booking Confirmed');
    expect(done).toHaveTextContent('Meeting with Ada');
    expect(done).toHaveTextContent('Tuesday, November 25 at 2:00 PM (30 minutes)');
    expect(done).toHaveTextContent('Grace Hopper · grace@example.com');
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: confirmPath,
        body: {
          selectedSlot: '2025-11-25T19:00:00.000Z',
          bookerName: 'Grace Hopper',
          bookerEmail: 'grace@example.com',
        },
      },
    ]);
  });

  it('leaves the e-mail out when none is given', async () => {
    const fake = fakeApi({
      ...answer(api.calendar.bookingRequest, request, { params: { code: CODE } }),
      ...answer(
        api.calendar.confirmBooking,
        { success: true, bookingId: 'b1', start: request.available_slots[0].start },
        { params: { code: CODE } },
      ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Monday, November 24' }));
    await user.click(screen.getByRole('radio', { name: 'Monday, November 24 at 9:00 AM' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByTestId('booking-confirmed')).toHaveTextContent('Grace');
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      selectedSlot: '2025-11-24T14:00:00.000Z',
      bookerName: 'Grace',
    });
  });

  it('says the time was just taken on 409, clears it and reads the open times again', async () => {
    let slots = request.available_slots;
    const fake = fakeApi({
      'GET /api/booking-requests/abcDEF123456': () => ({ body: { ...request, available_slots: slots } }),
      ...failure(
        api.calendar.confirmBooking,
        409,
        { error: 'This time was just taken. Please choose another.', code: 'CONFLICT' },
        { params: { code: CODE } },
      ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Monday, November 24' }));
    await user.click(screen.getByRole('radio', { name: 'Monday, November 24 at 9:00 AM' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace');
    slots = request.available_slots.slice(1);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Booking Failed');
    expect(toast).toHaveTextContent('This time was just taken. Please choose another.');
    expect(screen.getByTestId('booking-summary')).toHaveTextContent('No time selected yet');
    await waitFor(() =>
      expect(
        within(screen.getByRole('radiogroup', { name: 'Time' }))
          .getAllByRole('radio')
          .map((r) => r.textContent),
      ).toEqual(['9:30 AM']),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace');
    expect(fake.calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it("says 'Booking Failed' / 'Failed to confirm booking. Please try again.' when the server fails", async () => {
    fakeApi({
      ...answer(api.calendar.bookingRequest, request, { params: { code: CODE } }),
      [`POST ${confirmPath}`]: { status: 500, body: { error: 'database down', code: 'INTERNAL' } },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Monday, November 24' }));
    await user.click(screen.getByRole('radio', { name: 'Monday, November 24 at 9:00 AM' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Booking Failed');
    expect(toast).toHaveTextContent('Failed to confirm booking. Please try again.');
    expect(toast).not.toHaveTextContent('database down');
    expect(screen.queryByTestId('booking-confirmed')).not.toBeInTheDocument();
  });
});
