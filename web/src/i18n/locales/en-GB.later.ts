/**
 * en-GB texts of parts that load after the first render (the analytics consent, the landing
 * page's live figures, the search page's additions, the profile picture editor and e-mail change), kept out of the shell's bundle (DESIGN §8):
 * those modules register them (../later-texts) when they load. Other locales carry them in their
 * own lazily loaded files; the type checker holds them to this shape.
 */
export const enGBLater = {
  consent: {
    title: 'Analytics',
    body: 'May we count page views with Google Analytics for Firebase to learn how Versus is used? Nothing is measured unless you accept, and you can change your mind in the footer.',
    privacy: 'Privacy policy',
    accept: 'Accept analytics',
    decline: 'Decline',
    settings: 'Analytics settings',
  },
  landing: {
    figures: {
      title: 'Versus in numbers',
      players: 'Players',
      battles: 'Battles played',
      'coins-won': 'Coins won',
      tournaments: 'Tournaments this month',
    },
    upcoming: {
      title: 'Next tournaments to join',
      spots: '{{count}}/{{size}} players',
      'spots-teams': '{{count}}/{{size}} teams',
      fee: 'Entry {{coins}} coins',
      free: 'Free entry',
      all: 'See all tournaments',
    },
  },
  'file-pick': { choose: 'Choose an image', none: 'No image chosen' },
  search: {
    discover: 'Players to discover',
  },
  preview: {
    challenge: 'Challenge',
    trophies_one: '{{count}} trophy',
    trophies_other: '{{count}} trophies',
  },
  auth: {
    action: {
      'email-changed': 'E-mail address changed',
      'email-changed-body': 'Your account now uses {{email}}. Log in with it.',
      'change-failed': 'The e-mail address could not be changed',
    },
  },
  profile: {
    email: {
      title: 'E-mail address',
      new: 'New e-mail address',
      submit: 'Send a confirmation link',
      sent: 'We sent a link to {{email}}. Your address changes when you open it; until then, keep using the current one.',
      same: 'This is already your e-mail address.',
    },
    personal: {
      title: 'Personal details',
      body: 'Your real name and country, as you gave them when you registered. Other players never see them.',
      submit: 'Save details',
      saved: 'Your details are saved.',
    },
    avatar: {
      title: 'Profile picture',
      change: 'Upload a picture',
      remove: 'Use the illustration',
      hint: 'JPEG, PNG or GIF, at most 10 MB. You crop it square before it is saved.',
      'crop-title': 'Crop your picture',
      'crop-hint': 'Drag the picture to place it in the circle.',
      zoom: 'Zoom',
      save: 'Save picture',
      saved: 'Your new picture is saved: everyone sees it now.',
      removed: 'Your picture is gone: everyone sees the illustration now.',
    },
  },
};
