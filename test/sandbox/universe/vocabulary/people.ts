/** Who the prospects are: names, titles, schools, and what they post about. */

/** Includes letters outside ASCII on purpose: full_name accepts any letter, and so must clients. */
// prettier-ignore
export const FIRST_NAMES = [
	'James', 'Mary', 'Olivia', 'Liam', 'Sofia', 'José', 'Zoë', 'Aarav', 'Priya', 'Hiroshi',
	'Yuki', 'Lukas', 'Léa', 'Søren', 'Chloé', 'Mateo', 'Ana', 'Noah', 'Emma', 'Wei',
	'Fatima', 'Omar', 'Ingrid', 'Björn', 'Chiara', 'Giulia', 'Raj', 'Ananya', 'Kwame', 'Amara',
	'Elena', 'Dmitri', 'Grace', 'Daniel', 'Isabel', 'Lucas', 'Mia', 'Ethan', 'Hannah', 'Samuel',
];
// prettier-ignore
export const LAST_NAMES = [
	'Smith', 'Johnson', 'García', 'Müller', 'Martin', 'Dubois', 'Rossi', 'Tanaka', 'Suzuki', 'Patel',
	'Sharma', 'Kim', 'Nguyen', 'Silva', 'Santos', 'Andersson', 'Johansson', 'Smith-Jones', 'Van Dijk', 'Brown',
	'Wilson', 'Taylor', 'Anderson', 'Thomas', 'Moore', 'Jackson', 'White', 'Harris', 'Clark', 'Lewis',
	'Walker', 'Hall', 'Young', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams',
	'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker',
];

export const GENERIC_JOB_TITLES = [
	'Chief Executive Officer',
	'VP of Sales',
	'Head of Marketing',
	'Operations Manager',
	'Account Executive',
	'HR Business Partner',
	'Office Manager',
	'Business Development Manager',
];

export const SCHOOLS = [
	'University of Michigan',
	'Technical University of Munich',
	'University of Toronto',
	'Sorbonne University',
	'University of Edinburgh',
	'Indian Institute of Technology Bombay',
	'University of Melbourne',
	'Delft University of Technology',
	'University of São Paulo',
	'KTH Royal Institute of Technology',
];

export const DEGREES = ['Bachelor of Science', 'Bachelor of Arts', 'Master of Science', 'MBA', 'PhD'];

export const FIELDS_OF_STUDY = [
	'Computer Science',
	'Business Administration',
	'Economics',
	'Mechanical Engineering',
	'Marketing',
	'Biology',
	'Law',
	'Design',
];

export const POST_TOPICS = [
	'our new product launch',
	'what we learned scaling the team',
	'the conference last week',
	'hiring for several roles',
	'a customer success story',
	'remote work after five years',
	'our sustainability report',
	'the future of the industry',
];
