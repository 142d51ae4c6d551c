/**
 * Word lists for the demo seed. ASCII only: user names and emails are built from these names, and
 * the screens' search boxes are easier to try with names anyone can type.
 */

export const FIRST_NAMES = [
  'Anna', 'Ben', 'Carla', 'David', 'Elena', 'Felix', 'Grace', 'Hugo', 'Isla', 'Jack',
  'Kara', 'Liam', 'Maya', 'Noah', 'Olivia', 'Pablo', 'Quinn', 'Rosa', 'Sam', 'Tara',
  'Umar', 'Vera', 'Will', 'Xena', 'Yusuf', 'Zoe', 'Aiden', 'Bella', 'Caleb', 'Daisy',
  'Ethan', 'Fiona', 'Gabriel', 'Hannah', 'Ivan', 'Julia', 'Kevin', 'Lena', 'Marco', 'Nina',
  'Oscar', 'Priya', 'Rafael', 'Sofia', 'Tomas', 'Ursula', 'Victor', 'Wendy', 'Yara', 'Zack',
  'Amelia', 'Bruno', 'Chloe', 'Diego', 'Emma', 'Finn', 'Gemma', 'Henry', 'Ines', 'James',
  'Kenji', 'Lucia', 'Mateo', 'Nora', 'Omar', 'Paula', 'Ruby', 'Sebastian', 'Theo', 'Valentina',
  'Aisha', 'Boris', 'Clara', 'Dmitri', 'Eva', 'Farah', 'Giulia', 'Hiro', 'Ingrid', 'Jonas',
  'Leila', 'Mia', 'Nikolai', 'Amara', 'Lucas', 'Mila', 'Arjun', 'Ella', 'Leo', 'Sara',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson',
  'Taylor', 'Thomas', 'Moore', 'Martin', 'Lee', 'Walker', 'Hall', 'Young', 'King', 'Wright',
  'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Roberts', 'Carter',
  'Phillips', 'Evans', 'Turner', 'Torres', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris', 'Murphy',
  'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed', 'Bailey', 'Bell', 'Kelly', 'Howard',
  'Ward', 'Cox', 'Rivera', 'Richardson', 'Wood', 'Watson', 'Brooks', 'Bennett', 'Gray', 'James',
  'Hughes', 'Price', 'Sanders', 'Myers', 'Long', 'Ross', 'Foster', 'Muller', 'Schmidt', 'Fischer',
  'Weber', 'Rossi', 'Russo', 'Ferrari', 'Dubois', 'Moreau', 'Laurent', 'Silva', 'Santos', 'Costa',
  'Novak', 'Kowalski', 'Nowak', 'Jansen', 'De Vries', 'Tanaka', 'Sato', 'Khan', 'Patel', 'Singh',
];

/** Where users live: a country (ISO code), its time zone, phone prefix and a few real places. */
export interface Region {
  country: string;
  timeZone: string;
  phonePrefix: string;
  /** Digits in a postal code; 0 means the codes below are used as they are. */
  zipDigits: number;
  places: ReadonlyArray<{ state: string; city: string; zip: string }>;
}

export const REGIONS: readonly Region[] = [
  {
    country: 'US',
    timeZone: 'America/New_York',
    phonePrefix: '+1',
    zipDigits: 5,
    places: [
      { state: 'New York', city: 'New York', zip: '10' },
      { state: 'California', city: 'Los Angeles', zip: '90' },
      { state: 'Texas', city: 'Austin', zip: '78' },
      { state: 'Florida', city: 'Miami', zip: '33' },
      { state: 'Illinois', city: 'Chicago', zip: '60' },
      { state: 'Washington', city: 'Seattle', zip: '98' },
    ],
  },
  {
    country: 'GB',
    timeZone: 'Europe/London',
    phonePrefix: '+44',
    zipDigits: 0,
    places: [
      { state: 'England', city: 'London', zip: 'SW1A 1AA' },
      { state: 'England', city: 'Manchester', zip: 'M1 1AE' },
      { state: 'Scotland', city: 'Edinburgh', zip: 'EH1 1YZ' },
    ],
  },
  {
    country: 'CA',
    timeZone: 'America/Toronto',
    phonePrefix: '+1',
    zipDigits: 0,
    places: [
      { state: 'Ontario', city: 'Toronto', zip: 'M5H 2N2' },
      { state: 'Quebec', city: 'Montreal', zip: 'H2Y 1C6' },
      { state: 'British Columbia', city: 'Vancouver', zip: 'V6B 1A1' },
    ],
  },
  {
    country: 'DE',
    timeZone: 'Europe/Berlin',
    phonePrefix: '+49',
    zipDigits: 5,
    places: [
      { state: 'Berlin', city: 'Berlin', zip: '10' },
      { state: 'Bavaria', city: 'Munich', zip: '80' },
      { state: 'Hamburg', city: 'Hamburg', zip: '20' },
    ],
  },
  {
    country: 'FR',
    timeZone: 'Europe/Paris',
    phonePrefix: '+33',
    zipDigits: 5,
    places: [
      { state: 'Ile-de-France', city: 'Paris', zip: '75' },
      { state: 'Auvergne-Rhone-Alpes', city: 'Lyon', zip: '69' },
    ],
  },
  {
    country: 'ES',
    timeZone: 'Europe/Madrid',
    phonePrefix: '+34',
    zipDigits: 5,
    places: [
      { state: 'Madrid', city: 'Madrid', zip: '28' },
      { state: 'Catalonia', city: 'Barcelona', zip: '08' },
    ],
  },
  {
    country: 'IT',
    timeZone: 'Europe/Rome',
    phonePrefix: '+39',
    zipDigits: 5,
    places: [
      { state: 'Lazio', city: 'Rome', zip: '00' },
      { state: 'Lombardy', city: 'Milan', zip: '20' },
    ],
  },
  {
    country: 'AU',
    timeZone: 'Australia/Sydney',
    phonePrefix: '+61',
    zipDigits: 0,
    places: [
      { state: 'New South Wales', city: 'Sydney', zip: '2000' },
      { state: 'Victoria', city: 'Melbourne', zip: '3000' },
    ],
  },
  {
    country: 'BR',
    timeZone: 'America/Sao_Paulo',
    phonePrefix: '+55',
    zipDigits: 0,
    places: [
      { state: 'Sao Paulo', city: 'Sao Paulo', zip: '01000-000' },
      { state: 'Rio de Janeiro', city: 'Rio de Janeiro', zip: '20000-000' },
    ],
  },
  {
    country: 'IN',
    timeZone: 'Asia/Kolkata',
    phonePrefix: '+91',
    zipDigits: 0,
    places: [
      { state: 'Maharashtra', city: 'Mumbai', zip: '400001' },
      { state: 'Karnataka', city: 'Bengaluru', zip: '560001' },
    ],
  },
  {
    country: 'MX',
    timeZone: 'America/Mexico_City',
    phonePrefix: '+52',
    zipDigits: 5,
    places: [{ state: 'Mexico City', city: 'Mexico City', zip: '06' }],
  },
  {
    country: 'JP',
    timeZone: 'Asia/Tokyo',
    phonePrefix: '+81',
    zipDigits: 0,
    places: [{ state: 'Tokyo', city: 'Tokyo', zip: '100-0001' }],
  },
  {
    country: 'NL',
    timeZone: 'Europe/Amsterdam',
    phonePrefix: '+31',
    zipDigits: 0,
    places: [{ state: 'North Holland', city: 'Amsterdam', zip: '1012 AB' }],
  },
];

export const STREETS = [
  'Oak Street', 'Maple Avenue', 'High Street', 'Station Road', 'Park Lane', 'Cedar Drive',
  'Church Street', 'Mill Road', 'River Walk', 'Sunset Boulevard', 'Elm Court', 'Harbour View',
];

export const CATEGORIES = [
  'Music', 'Fitness', 'Gaming', 'Comedy', 'Cooking', 'Fashion',
  'Beauty', 'Travel', 'Sports', 'Education', 'Art', 'Wellness',
] as const;

/** Keywords an influencer of each category might be found by. */
export const CATEGORY_KEYWORDS: Record<(typeof CATEGORIES)[number], readonly string[]> = {
  Music: ['singer', 'guitar', 'songwriting', 'piano', 'vocals'],
  Fitness: ['workout', 'yoga', 'running', 'nutrition', 'strength'],
  Gaming: ['streamer', 'esports', 'fps', 'speedrun', 'minecraft'],
  Comedy: ['standup', 'sketches', 'improv', 'pranks'],
  Cooking: ['recipes', 'baking', 'vegan', 'chef', 'bbq'],
  Fashion: ['style', 'streetwear', 'thrifting', 'outfits'],
  Beauty: ['makeup', 'skincare', 'hair', 'nails'],
  Travel: ['backpacking', 'vanlife', 'photography', 'budget travel'],
  Sports: ['football', 'basketball', 'tennis', 'coaching'],
  Education: ['math', 'languages', 'study tips', 'science'],
  Art: ['painting', 'drawing', 'digital art', 'sculpture'],
  Wellness: ['meditation', 'mindfulness', 'sleep', 'self care'],
};

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'nl', name: 'Dutch' },
  { code: 'pl', name: 'Polish' },
  { code: 'tr', name: 'Turkish' },
  { code: 'hi', name: 'Hindi' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ar', name: 'Arabic' },
] as const;

/** The language most people in a region speak, by index into LANGUAGES. */
export const REGION_LANGUAGE: Record<string, number> = {
  US: 0, GB: 0, CA: 0, AU: 0, IN: 9, DE: 3, FR: 2, ES: 1, MX: 1, IT: 4, BR: 5, JP: 10, NL: 6,
};

export const FAN_BIOS = [
  'Coffee lover and weekend hiker.',
  'Big fan of live music and late-night talks.',
  'Learning to cook one video call at a time.',
  'Gamer, dog person, occasional runner.',
  'Here to meet the people I follow.',
  'Student. Curious about everything.',
  'Trying to get fit before summer.',
  'Film buff and amateur photographer.',
];

export const INFLUENCER_TAGLINES = [
  'Book a call and ask me anything.',
  'One-on-one sessions, every weekday evening.',
  'Tips, stories and behind the scenes.',
  'Let us make something great together.',
  'Real talk, no filters.',
  'New sessions every week.',
];

export const STAGE_SUFFIXES: Record<(typeof CATEGORIES)[number], string> = {
  Music: 'Sings',
  Fitness: 'Fit',
  Gaming: 'Plays',
  Comedy: 'Laughs',
  Cooking: 'Cooks',
  Fashion: 'Style',
  Beauty: 'Glow',
  Travel: 'Travels',
  Sports: 'Sports',
  Education: 'Teaches',
  Art: 'Draws',
  Wellness: 'Calm',
};

export const SOCIAL_HOSTS: Record<number, string> = {
  1: 'https://twitter.com/',
  2: 'https://facebook.com/',
  3: 'https://instagram.com/',
  4: 'https://onlyfans.com/',
  5: 'https://',
  6: 'https://linktr.ee/',
};

/** The short question a fan sends with a paid call or tip. */
export const QUERIES = [
  'Can you give me feedback on my workout plan?',
  'What got you started?',
  'How do you stay motivated?',
  'Could you sing happy birthday to my sister?',
  'Any tips for a beginner?',
  'What gear do you use?',
  'How do you plan your week?',
  'Can we go over my portfolio?',
  'What is your favourite recipe?',
  'How do I grow my audience?',
  'Can you review my song?',
  'Which city should I visit next?',
  'Thanks for the great stream!',
  'Loved your last video, keep it up!',
];

export const REQUEST_REJECTION_REASONS = [
  'Profile photo does not match the ID document.',
  'Social media links could not be verified.',
  'Applicant is under 18 according to the ID document.',
  'Bio and category are missing.',
  'Duplicate application for an existing influencer account.',
];

export const PAYOUT_REJECTION_REASONS = [
  'Bank details do not match the account holder.',
  'Amount exceeds the available balance.',
  'Payout requested during an open dispute.',
  'Missing tax information.',
];
