const KEY = 'releasebell.utm';

export interface Utm {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** Keeps the landing URL's utm_* values for the registration that may follow later in the visit. */
export function captureUtm(search: string = window.location.search) {
  const params = new URLSearchParams(search);
  const utm: Utm = {
    utm_source: params.get('utm_source'),
    utm_medium: params.get('utm_medium'),
    utm_campaign: params.get('utm_campaign'),
  };
  if (!utm.utm_source && !utm.utm_medium && !utm.utm_campaign) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(utm));
  } catch {
    // Storage may be off (private mode); attribution is then simply unknown.
  }
}

export function readUtm(): Utm {
  const empty: Utm = { utm_source: null, utm_medium: null, utm_campaign: null };
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Utm> | null;
    if (!stored) return empty;
    const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);
    return {
      utm_source: pick(stored.utm_source),
      utm_medium: pick(stored.utm_medium),
      utm_campaign: pick(stored.utm_campaign),
    };
  } catch {
    return empty;
  }
}
