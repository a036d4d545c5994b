/** The greeting for an hour of the day (0-23), as a `dashboard.greeting.*` key. */
export function greetingKey(hour: number): 'night' | 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour < 5) return 'night';
  if (hour < 11) return 'morning';
  if (hour < 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
