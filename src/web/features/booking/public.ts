/** What other features may use of booking (decision 118); the rest is internal. */
export { BookButton, BookingPanel, HoursCard, type Carry } from './components/booking-panel';
