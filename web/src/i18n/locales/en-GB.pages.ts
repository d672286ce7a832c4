import {
  noShowBanEnGB,
  alertEditedFieldsEnGB,
  alertKindsEnGB,
  alertLinesEnGB,
  alertRoundsEnGB,
} from '@versus/domain/notifications/alert-lines';

/**
 * en-GB texts of pages and menus the landing never shows (sign-in and registration, the profile, the
 * notifications, alerts, checkout, withdrawals and PayPal, the creator's menu, the platform admin's
 * tools, the privacy policy and the terms), kept out of the
 * shell's bundle that every page loads (DESIGN §8, bench:bundle): the modules that use them register
 * them (../page-texts) when they load.
 */
export const enGBPages = {
  auth: {
    'back-to-login': 'Back to log in',
    fields: {
      email: 'E-mail',
      password: 'Password',
      'new-password': 'New password',
      'confirm-password': 'Confirm password',
      'display-name': 'Display name',
      'first-name': 'First name',
      'last-name': 'Last name',
      country: 'Country',
    },
    login: {
      title: 'Log in',
      subtitle: 'Welcome back. Your battles are waiting.',
      'signed-out-elsewhere':
        'You were signed out here because your account changed elsewhere (a new password or e-mail address, for one, signs out every other device). Log in again to go on.',
      submit: 'Log in',
      forgot: 'Forgot your password?',
      'no-account': 'New to Versus?',
      register: 'Create an account',
    },
    register: {
      title: 'Create an account',
      subtitle: 'It takes a minute. Free tournaments need no coins.',
      'display-name-hint':
        'Shown to other players, and it cannot be changed later: {{min}} to {{max}} characters, letters, numbers, dots, dashes or underscores, no spaces',
      'name-hint': 'At least {{min}} characters',
      'country-not-served': '{{country}} (not available yet)',
      'password-hint':
        'At least {{min}} characters, with an uppercase letter, a lowercase letter and a number or special character',
      'choose-country': 'Choose your country',
      terms: 'I agree to the <terms>terms of service</terms> and the <privacy>privacy policy</privacy>',
      submit: 'Create account',
      'have-account': 'Already have an account?',
      login: 'Log in',
    },
    'check-mail': {
      title: 'Check your e-mail',
      body: 'We sent a verification link to {{email}}. Open it to unlock battles, hosting and coins.',
      hint: 'No e-mail? Look in your spam folder or send it again.',
      verified: 'I have verified my e-mail',
    },
    forgot: {
      title: 'Forgot your password?',
      body: 'Enter your e-mail address and we will send you a link to choose a new password.',
      submit: 'Send reset link',
    },
    'email-sent': {
      title: 'Check your e-mail',
      body: 'If {{email}} has an account, a link to reset the password is on its way.',
      'body-no-address': 'If the address you entered has an account, a link to reset the password is on its way.',
    },
    reset: {
      title: 'Choose a new password',
      for: 'For {{email}}',
      submit: 'Save password',
      done: 'Your password has been changed',
      'request-new': 'Request a new link',
    },
    action: {
      title: 'Account action',
      verifying: 'Verifying your e-mail…',
      verified: 'E-mail verified',
      'verified-body': 'Thanks! Battles, hosting and coins are now open to you.',
      'verify-failed': 'E-mail verification failed',
      recovered: 'E-mail address restored',
      'recovered-body':
        'Your account uses {{email}} again. If you did not ask for the change, reset your password now.',
      'recover-failed': 'E-mail recovery failed',
      'reset-now': 'Reset password',
      continue: 'Continue',
    },
    deactivated: {
      title: 'Your account is deactivated',
      body: 'Your account and its data will be deleted on {{date}}. Restore it before then to keep everything.',
      'body-no-date': 'Your account will be deleted 14 days after it was deactivated. Restore it to keep everything.',
      data: 'A copy of your data first',
      restore: 'Restore my account',
      'window-passed': 'The 14 days to restore this account have passed.',
    },
    errors: {
      'wrong-credentials': 'Wrong e-mail or password',
      'user-not-found': 'There is no account with this e-mail',
      'email-taken': 'Another account already uses this e-mail.',
      'too-many-requests': 'Too many attempts. Wait a moment and try again.',
      'user-disabled': 'This account has been disabled',
      'expired-code': 'This link has expired. Request a new one.',
      'invalid-code': 'This link is invalid or has already been used.',
      'reset-code-invalid': 'The reset link is invalid or has expired.',
      'weak-password': 'The password is too weak',
      general: 'Something went wrong. Try again later.',
      'email-in-use': 'The email is already in use! Please login with your account.',
      'display-name-taken': 'This nickname is already in use!',
      'country-unavailable-long':
        'Sorry we are not available in your country yet. Versus is not available in the United States or Canada.',
    },
  },
  profile: {
    title: 'Profile settings',
    'tabs-label': 'Profile sections',
    tabs: {
      settings: 'Settings',
      connections: 'Connections',
      privacy: 'Privacy',
      coins: 'Coins',
      withdraw: 'Withdraw',
    },
    calendar: {
      title: 'Calendar',
      intro:
        'Add your tournaments and your matches as they become ready to any calendar app (Google Calendar, Apple Calendar, Outlook) with your own feed link.',
      url: 'Your calendar link',
      private:
        'Anyone with this link sees your tournaments and matches. If it gets out, make a new one: the old one stops working.',
      copy: 'Copy link',
      copied: 'Copied',
      renew: 'Make a new link',
      stop: 'Turn off',
      start: 'Make my calendar link',
    },
    settings: {
      account: 'Account',
      verified: 'E-mail verified',
      unverified: 'E-mail not verified',
      'display-name-fixed': 'Your display name is how other players find you: it cannot be changed.',
      password: 'Password',
      'current-password': 'Current password',
      'change-password': 'Change password',
      'password-changed': 'Your password has been changed.',
      'wrong-password': 'The current password is wrong',
      'deactivate-password': 'Your password, to confirm it is you',
      'deactivate-title': 'Deactivate account',
      'deactivate-body':
        'Your profile is hidden at once and deleted after 14 days. To keep it, log in and choose “Restore my account” before then.',
      'deactivate-password-first': 'Type your password first.',
      deactivate: 'Deactivate account',
      'deactivate-confirm-title': 'Deactivate your account?',
      'deactivate-confirm-body':
        'You can restore it within 14 days: log in and choose “Restore my account”. After that it is deleted for good.',
    },
    connections: {
      intro: 'Connect your game accounts so opponents and hosts can find you.',
      paypal: {
        title: 'PayPal',
        body: 'Withdrawals and creator earnings are paid to this PayPal account.',
        none: 'No PayPal account connected.',
        connected: 'Connected as {{email}}',
        connect: 'Connect PayPal',
        disconnect: 'Disconnect',
        'disconnect-question':
          'Disconnect {{email}}? Withdrawals and creator earnings need a connected PayPal account.',
        'disconnect-yes': 'Yes, disconnect',
      },
      connect: 'Connect',
      linked: '{{name}} is now on your profile.',
      remove: 'Remove',
      'remove-question': 'Remove {{name}} from your profile?',
      'remove-yes': 'Yes, remove it',
      discord: { title: 'Discord', label: 'Discord username', placeholder: 'username' },
      epic: { title: 'Epic Games', label: 'Epic ID', placeholder: 'EpicName' },
      riot: {
        title: 'Riot Games',
        label: 'Riot name with hash',
        placeholder: 'Name#TAG',
        verified: 'Verified with Riot',
        unverified: 'Not verified: shown on your profile, never used for results',
        'sign-in-body':
          'Sign in with Riot to prove the account is yours: then League of Legends can decide your tournament matches.',
        'sign-in': 'Sign in with Riot',
        checking: 'Checking your Riot sign-in…',
        linked: 'Riot account {{name}} linked and verified.',
        'remove-question': 'Remove the Riot account {{name}}? To verify it again, you sign in with Riot.',
      },
      steam: {
        title: 'Steam (Dota 2)',
        label: 'Dota 2 friend ID or Steam profile address',
        placeholder: '123456789',
        body: 'Sign in through Steam to link your account: Steam tells us which account is yours, so nobody else can link it. Versus never sees your Steam password.',
        'sign-in': 'Sign in through Steam',
        checking: 'Checking your Steam sign-in…',
        linked: 'Steam account {{name}} linked.',
        'remove-question': 'Remove the Steam account {{name}}? To link it again, you sign in through Steam.',
      },
      verified:
        'A Dota 2 account you sign in to through Steam, and a Riot ID you sign in to with Riot, are proved yours: the game can then decide your matches.',
    },
    privacy: {
      title: 'What others see',
      public: 'Your display name, avatar, trophies, statistics and connected game accounts are public.',
      private: 'Your e-mail, real name, country, coin balance and payment details are visible only to you.',
      'data-title': 'Your data',
      'data-body':
        'Download a copy of everything Versus stores about you: your profile and account, coins and their history, battles, tournaments and matches, messages you sent, notifications, follows, uploads and connected accounts. It comes as a ZIP archive of JSON files and your pictures.',
      'data-request': 'Download my data',
      'data-pending': 'We are preparing your archive. It usually takes a minute; we will notify you when it is ready.',
      'data-ready': 'Your archive of {{date}} is ready ({{size}}).',
      'data-download': 'Download the archive',
      'data-expires':
        'The link works until {{date}}, for whoever has it: do not share it. Keep the file safe: it holds your personal data.',
      'data-expired': 'The link to your last archive has expired.',
      'data-failed': 'We could not prepare your archive. Please ask again.',
      'data-next': 'You can ask for a new archive from {{date}}.',
    },
    withdraw: {
      balance: 'Your coin balance',
      title: 'Withdraw coins',
      body: '{{rate}} coins are paid out as {{unit}}. The minimum withdrawal is {{minimum}} coins.',
      amount: 'Coins to withdraw',
      'you-get': 'You receive {{amount}}',
      withdrawable_one: 'You can withdraw {{withdrawable}} coin ({{amount}}).',
      withdrawable_other: 'You can withdraw {{withdrawable}} coins ({{amount}}).',
      unplayed_one: '{{unplayed}} bought coin can be withdrawn once you have played it (staked it as an entry fee).',
      unplayed_other:
        '{{unplayed}} bought coins can be withdrawn once you have played them (staked them as an entry fee).',
      creator:
        'Your creator earnings are a balance of their own: redeem them from the Creator menu at the top of the page.',
      submit: 'Withdraw',
      confirm:
        'Withdraw {{coins}} coins? You receive {{amount}} in the PayPal account {{email}}. Once sent, a withdrawal cannot be taken back.',
      'confirm-submit': 'Yes, withdraw {{amount}}',
      'to-account': 'Paid to the PayPal account {{email}}',
      'needs-account': 'Connect a PayPal account to withdraw.',
      'connect-account': 'Connect PayPal',
      'needs-verified': 'Verify your e-mail address to withdraw.',
      'not-yet_one':
        'You cannot withdraw yet: withdrawals start at {{minimum}} coins and you have {{withdrawable}} withdrawable. {{short}} more coin to go.',
      'not-yet_other':
        'You cannot withdraw yet: withdrawals start at {{minimum}} coins and you have {{withdrawable}} withdrawable. {{short}} more coins to go.',
      paid: 'Paid: {{amount}} went to your PayPal account.',
      processing: 'Your withdrawal is being processed.',
      pending:
        'PayPal has not confirmed your withdrawal yet. Your coins are held, and we will ask PayPal again in a few minutes.',
      failed:
        'PayPal did not pay this withdrawal, so your coins are back in your balance. Check that {{email}} can receive payments in PayPal, or connect another account, then try again.',
      history: 'Your withdrawals',
      'history-empty': 'You have not withdrawn anything yet.',
      'history-failed': 'Your withdrawals could not be loaded. Try again in a moment.',
      date: 'Date',
      payout: 'Payout',
      'coins-from': '{{coins}} coins · {{source}}',
      'source-funds': 'Coin balance',
      'source-creator': 'Creator earnings',
      // Under a withdrawal in the player's own list: which balance paid it.
      'coins-from-funds': '{{coins}} coins from your balance',
      'coins-from-creator': '{{coins}} coins from your creator earnings',
      state: 'State',
      states: {
        PENDING: 'Waiting for PayPal',
        REVIEW: 'Under review',
        PROCESSING: 'Processing',
        PAID: 'Paid',
        FAILED: 'Failed, refunded',
      },
      'state-notes': {
        PENDING:
          'Waiting for PayPal: PayPal has not confirmed the payment yet. Your coins are held, and we ask PayPal again every 10 minutes.',
        REVIEW:
          'Under review: PayPal has not answered for a week, so our team is checking the payment with PayPal. Your coins stay held until it is paid or refunded.',
      },
    },
  },
  // The battle page's dispute (it registers these texts; the rest of its texts are the shell's).
  battles: {
    'view-challenge': {
      title: 'Challenge',
      missing: {
        title: 'Challenge not found',
        body: 'This challenge does not exist, or you are not one of its players.',
      },
      closed: {
        title: 'This challenge is no longer open',
        DECLINED: {
          challenger: {
            fee: '{{name}} declined your challenge. Your entry fee of {{fee}} coins is back in your balance.',
            free: '{{name}} declined your challenge.',
          },
          opponent: {
            fee: 'You declined the challenge from {{name}}.',
            free: 'You declined the challenge from {{name}}.',
          },
        },
        WITHDRAWN: {
          challenger: {
            fee: 'You withdrew this challenge. Your entry fee of {{fee}} coins is back in your balance.',
            free: 'You withdrew this challenge.',
          },
          opponent: { fee: '{{name}} withdrew the challenge.', free: '{{name}} withdrew the challenge.' },
        },
        EXPIRED: {
          challenger: {
            fee: '{{name}} did not answer in time, so the challenge expired. Your entry fee of {{fee}} coins is back in your balance.',
            free: '{{name}} did not answer in time, so the challenge expired.',
          },
          opponent: {
            fee: 'The challenge from {{name}} expired before you answered.',
            free: 'The challenge from {{name}} expired before you answered.',
          },
        },
        ACCEPTED: {
          challenger: { fee: '{{name}} accepted: the battle is on.', free: '{{name}} accepted: the battle is on.' },
          opponent: { fee: 'You accepted: the battle is on.', free: 'You accepted: the battle is on.' },
        },
      },
      expires: 'Expires',
      waiting:
        'Waiting for {{name}} to answer. Your entry fee is held until then and refunded if the challenge expires.',
      invited: '{{name}} challenges you to a battle. Accepting holds your entry fee too.',
      'waiting-free': 'Waiting for {{name}} to answer. The challenge expires if they do not.',
      'invited-free': '{{name}} challenges you to a free battle.',
      accept: 'Accept',
      decline: 'Decline',
      withdraw: 'Withdraw challenge',
    },
    battle: {
      title: 'Battle',
      missing: {
        title: 'This battle could not be found',
        body: 'Check the link, or find your battles under My games.',
      },
      'play-then-report': 'Play your match against {{name}}, then report who won.',
      'find-opponent': 'Find {{name}} to play',
      accounts: { discord: 'Discord', epic: 'Epic Games', steam: 'Steam friend code' },
      'copy-account': {
        discord: 'Copy the Discord name',
        epic: 'Copy the Epic Games name',
        steam: 'Copy the Steam friend code',
      },
      'copy-failed': 'Could not copy. It is selected: copy it yourself.',
      'no-accounts': '{{name}} has added no account to find them by (Discord, Epic Games or Steam).',
      'their-profile': 'See their profile',
      'account-closed': "{{name}}'s account is closed.",
      'who-won': 'Who won?',
      me: '{{name}} (you)',
      'submit-result': 'Report the result',
      'report-question': {
        self_one:
          'You report that you won: unless {{name}} disputes it in time, you get the prize of {{prize}} coin. A report cannot be changed.',
        self_other:
          'You report that you won: unless {{name}} disputes it in time, you get the prize of {{prize}} coins. A report cannot be changed.',
        opponent_one:
          'You report that {{name}} won: once they confirm, or if they do not answer in time, they get the prize of {{prize}} coin. A report cannot be changed.',
        opponent_other:
          'You report that {{name}} won: once they confirm, or if they do not answer in time, they get the prize of {{prize}} coins. A report cannot be changed.',
        'self-free':
          'You report that you won: unless {{name}} disputes it in time, you are the winner. A report cannot be changed.',
        'opponent-free':
          'You report that {{name}} won: once they confirm, or if they do not answer in time, they are the winner. A report cannot be changed.',
      },
      'report-yes': { self: 'Yes, I won', opponent: 'Yes, {{name}} won' },
      'you-reported': {
        self: 'You reported that you won. Waiting for {{name}} to confirm.',
        opponent: 'You reported that {{name}} won. Waiting for them to confirm.',
      },
      'opponent-reported': { self: '{{name}} reported that they won.', you: '{{name}} reported that you won.' },
      confirm: 'Confirm result',
      dispute: 'Dispute',
      'opponent-disputed': '{{name}} disputes the result. Tell your side with a proof image; an admin decides.',
      story: 'Your side of the story',
      'story-placeholder': 'What happened? Scores, rounds, anything the admin should know.',
      proof: 'Proof image',
      'proof-hint': 'A screenshot of the result: JPG, PNG or GIF, at most 10 MB.',
      'proof-of': 'Proof from {{name}}',
      'send-dispute': 'Send to admin',
      'waiting-for-admin': 'A platform admin will decide this battle. Both players are notified.',
      closing: 'Time is up. The battle is being closed.',
      deadline: {
        submit: 'Report the result by',
        answer: 'Confirm or dispute by',
        stands: 'Unless answered, the result stands at',
        dispute: 'Tell your side by',
      },
      stories: 'Stories',
      winner: 'Winner: {{name}}',
      result: 'Result',
      cancelled: 'Battle cancelled',
      'cancelled-no-result': 'Nobody reported a result within a day. Both entry fees were refunded.',
      'cancelled-by-admin': 'A platform admin cancelled the battle. Both entry fees were refunded.',
      'reported-winner': 'Reported winner: {{name}}.',
      'other-side-until': '{{name}} can tell their side until',
      'admin-decides-then':
        'Then a platform admin decides from both stories and proofs, or from yours alone. Both players are notified.',
    },
  },
  admin: {
    title: 'Platform admin',
    subtitle: 'Battle disputes, withdrawals waiting for review, the monthly campaign and prize caps.',
    'api-usage': {
      title: 'Game data',
      opendota: 'OpenDota today ({{day}}, UTC): {{calls}} of {{budget}} calls.',
      none: 'OpenDota today ({{day}}, UTC): no calls yet.',
      intro:
        'OpenDota decides Dota 2 battles and matches from the games played. Once the day’s budget is used, games are not asked until the next day (UTC), and results come from the players’ reports.',
    },
    'prize-caps': {
      title: 'Tournament prize caps',
      intro:
        'The most a tournament of a game may pay out, in coins: its entry fee times its size. A game’s publisher may cap the prizes of community competitions. New and edited tournaments over the cap are refused; tournaments already open keep theirs.',
      none: 'No game has a cap.',
      cap: '{{game}}: at most {{cap}} coins',
      'cap-free': '{{game}}: free tournaments only (a cap of 0)',
      lift: 'Lift the cap',
      game: 'Game',
      coins: 'Cap in coins',
      invalid: 'Enter a whole number of coins from 0 to {{max}}.',
      save: 'Set the cap',
      yearly: {
        title: 'Prizes per host and year',
        intro:
          'The most one host’s tournaments in a publisher’s games may pay out in a calendar year, in coins (Riot Games allows an organiser 10,000 USD a year). Open tournaments count in full, started ones as paid in, cancelled ones not at all.',
        none: 'No yearly cap.',
        cap: 'At most {{cap}} coins a year per host',
        'cap-free': 'Free tournaments only (a cap of 0)',
        coins: 'Yearly cap in coins',
        save: 'Set the yearly cap',
      },
      publishers: { riot: 'Riot Games (League of Legends, VALORANT)' },
    },
    disputes: {
      title: 'Battles in dispute',
      empty: 'No battles in dispute.',
      'load-failed': 'Could not load the battles in dispute. Try again in a moment.',
      reported: 'Reported winner: {{winner}}.',
      ready: 'Both sides are heard: ready to decide.',
      'ready-closed': "The time for both sides' stories is up: ready to decide.",
      decided: 'Decided: {{players}}, won by {{winner}}. Both players are notified, with your reasoning.',
      cancelled: 'Cancelled: {{players}}, both fees refunded. Both players are notified, with your reasoning.',
      window: 'Waiting for the other side; the window closes',
    },
    decision: {
      winner: 'Winner',
      'not-yet': 'You can decide once both sides are heard, or when the window closes at',
      reasoning: 'Reasoning',
      'reasoning-hint': 'Both players see it.',
      decide: 'Decide winner',
      cancel: 'Cancel battle and refund',
      'decide-question_one': '{{winner}} wins this battle and gets the prize of {{prize}} coin. This cannot be undone.',
      'decide-question_other':
        '{{winner}} wins this battle and gets the prize of {{prize}} coins. This cannot be undone.',
      'decide-yes': 'Yes, {{winner}} wins',
      'cancel-question_one':
        'The battle is cancelled and each player gets their entry fee of {{fee}} coin back. This cannot be undone.',
      'cancel-question_other':
        'The battle is cancelled and each player gets their entry fee of {{fee}} coins back. This cannot be undone.',
      'cancel-yes': 'Yes, cancel and refund',
    },
    payouts: {
      title: 'Withdrawals waiting for review',
      'load-failed': 'Could not load the withdrawals waiting for review. Try again in a moment.',
      intro:
        "PayPal gave no answer to these for a week, so they are no longer sent; their coins are held. PayPal may have paid one all the same: look it up in PayPal's records by its sender batch id before you refund it. Sending it again is safe: PayPal answers with the batch it made, or makes it now.",
      empty: 'No withdrawals are waiting for review.',
      player: 'Player',
      receiver: 'PayPal account',
      requested: 'Requested',
      'sender-batch-id': 'Sender batch id',
      'last-review': 'Last try',
      'sent-again':
        'Sent again on {{date}} ({{reason}}) with no answer from PayPal to rely on. PayPal may have paid it: send it again or look it up before refunding.',
      reason: 'Reason',
      'reason-hint': 'Needed for every decision; kept with the withdrawal.',
      send: 'Send to PayPal again',
      refund: 'Refund the coins',
      'too-old':
        "PayPal remembers a withdrawal's id for 30 days, so from 29 days on it is not sent again: record its batch or refund it.",
      'batch-id': 'PayPal batch id',
      'batch-hint': "If PayPal's records show this withdrawal paid: the payout batch id (payout_batch_id) shown there.",
      record: 'Record as paid by this batch',
      done: {
        send: 'Sent to PayPal: {{amount}} to {{receiver}}. State: {{state}}.',
        batch: 'Recorded: {{amount}} to {{receiver}}. State: {{state}}.',
        refund: "Refunded: {{coins}} coins are back in the player's balance (the withdrawal to {{receiver}}).",
      },
    },
    campaign: {
      title: 'Campaign',
      current: 'This month ({{month}}): {{prize}}.',
      'no-prize': 'no prize set',
      // A drawn month's prize, when none was set for it (a winner's line reads on its own).
      'drawn-no-prize': 'None was set',
      entries: '{{formatted}} draw entries so far.',
      prize: "This month's prize",
      'prize-hint':
        'What the campaign notice advertises this month, such as "A gaming headset" ({{min}}–{{max}} characters).',
      'save-prize': 'Save prize',
      'prize-short': 'A prize needs at least {{min}} characters.',
      'prize-saved': 'Saved: the prize for {{month}} is “{{prize}}”.',
      'draw-month': 'Draw a finished month',
      draw: 'Run the draw',
      'draw-question': 'Draw the winner of {{month}}? A month is drawn once: its winner cannot be changed afterwards.',
      'draw-no-prize': 'No prize was set for {{month}}: its winner will be told they won, with no prize named.',
      'draw-yes': 'Yes, draw {{month}}',
      'drawn-already': '{{month}} is drawn: its winner and its record are below.',
      'not-over':
        'The draw of {{month}} is not open yet: it opens ten minutes after the month ends, once all its battles are in.',
      winner: 'Winner',
      'drawn-prize': 'Prize',
      record: 'Record',
      'record-text': '{{entries}} entries, index {{index}}, seed {{seed}}, entries digest {{digest}}',
    },
  },
  legal: {
    privacy: {
      title: 'Privacy policy',
      sections: {
        data: {
          heading: 'What we collect',
          body: 'Your e-mail address, display name, first and last name, country, game account names you connect, and the records of your battles, tournaments and coin transactions.',
        },
        use: {
          heading: 'Why we use it',
          body: 'To run your account, match you with opponents, pay out prizes, prevent fraud and meet our legal duties.',
        },
        rights: {
          heading: 'Your rights',
          body: 'You can see and correct your data in your profile settings, download a copy of everything we store about you (Profile → Privacy → Download my data: a ZIP archive of JSON files, prepared within minutes, its link valid for 7 days, once a day), and deactivate your account at any time; it is deleted 14 days later.',
        },
        google: {
          heading: 'Who processes it for us: Google (Firebase)',
          body: 'Google Cloud (Firebase) in the EU hosts Versus: your account and sign-in (Firebase Authentication, which also sends our verification and password e-mails), everything listed above (Firestore), the pictures you upload (Cloud Storage), and the pages and commands you use (Hosting and Cloud Functions). reCAPTCHA Enterprise (App Check) receives signals from your browser to tell people from scripts. Google Analytics receives the pages you visit only if you accept analytics.',
        },
        paypal: {
          heading: 'PayPal',
          body: 'When you buy coins, PayPal receives the order and its amount and handles your payment details; we receive the payment’s status. When you withdraw, PayPal receives the e-mail address of your connected PayPal account and the amount.',
        },
        games: {
          heading: 'Riot Games and OpenDota',
          body: 'When you link a Riot ID, Riot Games receives it to confirm the account, and when the game decides a League of Legends tournament match, the account identifiers of its players. When you link a Steam account, OpenDota receives its Dota 2 account ID to confirm it and to read the games of your Dota 2 battles and matches. Neither receives your name or e-mail address.',
        },
      },
    },
    terms: {
      title: 'Terms of service',
      sections: {
        alpha: {
          heading: 'Early alpha',
          body: 'Versus is in early alpha. Features change and may be unavailable at times.',
        },
        coins: {
          heading: 'Coins',
          body: 'Coins are used for entry fees and prizes on Versus. Entry fees are held when you commit to a game and released as a prize or refund.',
        },
        conduct: {
          heading: 'Fair play',
          body: 'Report results honestly. Admins decide disputes, and accounts that cheat are closed.',
        },
      },
    },
  },
  notifications: {
    title: 'Notifications',
    open: 'Notifications, {{count}} new',
    banned: noShowBanEnGB,
    'open-more': 'Notifications, {{count}}+ new',
    empty: 'Nothing new. Notifications about your battles, tournaments and followers appear here.',
    // A filter's empty list: nothing of its own kind, whatever the others have.
    'empty-filtered': {
      battles: 'No notifications about battles.',
      tournaments: 'No notifications about tournaments.',
      social: 'No notifications about followers, mentions or supporters.',
      account: 'No notifications about your account.',
    },
    new: 'New',
    generic: 'You have a new notification',
    'see-all': 'See all',
    'load-more': 'Load more',
    'mark-all': 'Mark all as read',
    filter: 'Show',
    failed: 'Your notifications could not be loaded. Try reloading the page.',
    kept: 'Notifications are kept for {{days}} days.',
    filters: { all: 'All', battles: 'Battles', tournaments: 'Tournaments', social: 'People', account: 'Account' },
    // A ready match's round, after its tournament's name.
    'edited-fields': alertEditedFieldsEnGB,
    rounds: alertRoundsEnGB,
    types: {
      ...alertLinesEnGB,
      FOLLOW: '{{users}} started following you',
      FOLLOW_more_one: '{{users}} and {{count}} other started following you',
      FOLLOW_more_other: '{{users}} and {{count}} others started following you',
      TOURNAMENT_ROOM_MENTION: '{{user}} mentioned you in the chat of {{tournament}}',
      BATTLE_CHALLENGE_ACCEPTED: '{{user}} accepted your challenge. The battle is on!',
      CHALLENGE_EXPIRED: 'Your challenge to {{user}} expired.',
      CHALLENGE_EXPIRED_refunded: 'Your challenge to {{user}} expired. Your {{payout, number}} coins are back.',
      CHALLENGE_DECLINED: '{{user}} declined your challenge.',
      CHALLENGE_DECLINED_refunded: '{{user}} declined your challenge. Your {{payout, number}} coins are back.',
      BATTLE_ENDED: 'Your battle against {{user}} ended. Winner: {{winner}}',
      BATTLE_ENDED_won: 'You beat {{user}} and won {{payout, number}} coins!',
      BATTLE_ENDED_won_free: 'You beat {{user}} in your battle!',
      BATTLE_ENDED_lost: 'You lost your battle against {{user}}.',
      BATTLE_ENDED_admin: 'You decided a battle. Winner: {{winner}}',
      BATTLE_CANCELLED: 'Your battle against {{user}} was cancelled.',
      BATTLE_CANCELLED_refunded: 'Your battle against {{user}} was cancelled. Your {{payout, number}} coins are back.',
      JOIN_TOURNAMENT: 'You are in {{tournament}}. Check in during the 30 minutes before the start.',
      JOIN_TOURNAMENT_paid:
        'You are in {{tournament}}: {{payout, number}} coins are held as your entry fee. Check in during the 30 minutes before the start.',
      JOIN_TOURNAMENT_checked_in: 'You are in {{tournament}} and checked in: it starts within 30 minutes.',
      JOIN_TOURNAMENT_team:
        'Your team {{party}} is in {{tournament}}. Check your team in during the 30 minutes before the start.',
      JOIN_TOURNAMENT_team_member:
        'Your team {{party}} is in {{tournament}}. Your leader checks it in during the 30 minutes before the start.',
      JOIN_TOURNAMENT_team_checked_in:
        'Your team {{party}} is in {{tournament}} and checked in: it starts within 30 minutes.',
      JOIN_TOURNAMENT_paid_checked_in:
        'You are in {{tournament}} and checked in: {{payout, number}} coins are held as your entry fee. It starts within 30 minutes.',
      USER_JOINED_ADMIN_TOURNAMENT: '{{users}} joined your tournament {{tournament}}.',
      USER_JOINED_ADMIN_TOURNAMENT_more_one: '{{users}} and {{count}} other joined your tournament {{tournament}}.',
      USER_JOINED_ADMIN_TOURNAMENT_more_other: '{{users}} and {{count}} others joined your tournament {{tournament}}.',
      USER_LEFT_ADMIN_TOURNAMENT: '{{users}} left your tournament {{tournament}}.',
      USER_LEFT_ADMIN_TOURNAMENT_more_one: '{{users}} and {{count}} other left your tournament {{tournament}}.',
      USER_LEFT_ADMIN_TOURNAMENT_more_other: '{{users}} and {{count}} others left your tournament {{tournament}}.',
      INVITED_TO_PARTY: '{{user}} invited you to the party {{party}} in {{tournament}}.',
      JOINED_USER_PARTY: '{{user}} joined your party {{party}} in {{tournament}}.',
      PARTY_REMOVED: 'The party {{party}} in {{tournament}} was removed by its leader.',
      PARTY_MEMBER_LEFT: '{{user}} left your party {{party}} in {{tournament}}.',
      PARTY_INVITE_DECLINED: '{{user}} said no to your invite to the party {{party}} in {{tournament}}.',
      PARTY_INVITE_DECLINED_elsewhere:
        '{{user}} is in another party in {{tournament}} now, so your invite to {{party}} was withdrawn.',
      PARTY_MEMBER_LEFT_was_ready:
        '{{user}} left your party {{party}}: it is out of {{tournament}} until it is full and marked ready again.',
      PARTY_MEMBER_REMOVED: 'The leader of your party {{party}} removed {{user}} from it in {{tournament}}.',
      PARTY_MEMBER_REMOVED_was_ready:
        'The leader of your party {{party}} removed {{user}} from it: it is out of {{tournament}} until it is full and marked ready again.',
      PARTY_MEMBER_REMOVED_you:
        'The leader of {{party}} removed you from the party in {{tournament}}. You may join another party or make your own.',
      DATA_EXPORT_READY: 'Your data archive is ready. Its link works for 7 days.',
      WITHDRAWAL_PAID: 'Your withdrawal of {{payout, number}} coins was paid to your PayPal account.',
      WITHDRAWAL_PAID_creator: 'Your creator earnings of {{payout, number}} coins were paid to your PayPal account.',
      WITHDRAWAL_FAILED:
        'PayPal did not pay your withdrawal of {{payout, number}} coins. The coins are back in your balance.',
      WITHDRAWAL_FAILED_creator:
        'PayPal did not pay your creator earnings of {{payout, number}} coins. The coins are back in your creator balance.',
      CAMPAIGN_DRAW_WON:
        'Congratulations: you won the monthly prize draw of {{month}}, which each wagered battle you played that month entered.',
      CAMPAIGN_DRAW_WON_prize:
        'Congratulations: you won the monthly prize draw of {{month}}, which each wagered battle you played that month entered. The prize: {{prize}}.',
      CREATOR_NEW_SUPPORTER:
        'A player chose your creator code. You earn {{percent}}% of the coins they buy, and your menu counts them among your supporters.',
      TOURNAMENT_DISCORD_OFF_admin:
        'Discord refused the webhook of {{tournament}}, so its posts stopped. Give the tournament a new webhook.',
      TOURNAMENT_DISQUALIFIED: 'The host of {{tournament}} disqualified you: {{reasoning}}',
      TOURNAMENT_REMOVED: 'The host of {{tournament}} removed you from it: {{reasoning}}',
      TOURNAMENT_ALLOWED_BACK: 'The host of {{tournament}} let you back in: you may join it again.',
      TOURNAMENT_POINTS_OPEN:
        '{{tournament}} has started: submit your points for each round, with a screenshot as proof.',
      TOURNAMENT_FINISHED: '{{tournament}} has ended: you placed {{place}}.',
      TOURNAMENT_FINISHED_won: 'You won {{tournament}}!',
      TOURNAMENT_FINISHED_shared: '{{tournament}} has ended: you share {{place}}–{{placeTo}} place.',
      TOURNAMENT_FINISHED_unplaced: '{{tournament}} has ended. See the standings.',
      // To the host of a free tournament (a paid one's host hears of their share).
      TOURNAMENT_FINISHED_admin: '{{tournament}}, which you host, has ended. See its standings.',
      TOURNAMENT_FINISHED_admin_won: '{{tournament}}, which you host, has ended: {{winner}} won it.',
      TOURNAMENT_REMOVED_refunded:
        'The host of {{tournament}} removed you from it and gave your {{payout, number}} coins back. Why: {{reasoning}}',
      TOURNAMENT_SUBSTITUTE_in:
        'The host of {{tournament}} put you into {{party}} as a substitute. Your team plays on.',
      TOURNAMENT_SUBSTITUTE_out: 'The host of {{tournament}} replaced you in {{party}} with a substitute.',
      BATTLE_DEADLINE_SOON_report:
        'Your battle against {{user}} has an hour left to be reported. Without a report it is cancelled and the fees go back.',
      BATTLE_DEADLINE_SOON_answer:
        '{{user}} reported your battle. You have an hour left to confirm or dispute it, or their report stands.',
      ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED:
        'Your tournament {{tournament}} will be cancelled for inactivity within 24 hours. Extend it if it is still running.',
      TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD_admin:
        'Both sides of a disputed match in {{tournament}} have told their story. Decide the winner.',
      ADMIN_TOURNAMENT_POINTS_SUBMITTED_admin_one:
        '{{user}} submitted {{count, number}} point in {{tournament}}. Review it.',
      ADMIN_TOURNAMENT_POINTS_SUBMITTED_admin_other:
        '{{user}} submitted {{count, number}} points in {{tournament}}. Review them.',
      TOURNAMENT_POINTS_ACCEPTED_one: 'The host of {{tournament}} accepted your {{count, number}} point.',
      TOURNAMENT_POINTS_ACCEPTED_other: 'The host of {{tournament}} accepted your {{count, number}} points.',
      TOURNAMENT_POINTS_CHANGED: 'The host of {{tournament}} changed your points to {{points, number}}: {{reasoning}}',
      TOURNAMENT_POINTS_ACCEPTED_round_one:
        'The host of {{tournament}} accepted your round {{round}}: {{count, number}} point.',
      TOURNAMENT_POINTS_ACCEPTED_round_other:
        'The host of {{tournament}} accepted your round {{round}}: {{count, number}} points.',
      TOURNAMENT_POINTS_CHANGED_round:
        'The host of {{tournament}} changed your round {{round}} to {{points, number}} points: {{reasoning}}',
      // A change to 0 is how a round is rejected.
      TOURNAMENT_POINTS_CHANGED_round_rejected:
        'The host of {{tournament}} rejected your round {{round}}: {{reasoning}}',
      BATTLES_CONFLICT_EXPIRED: 'The dispute window of your battle against {{user}} closed. An admin decides.',
    },
  },
  alerts: {
    discord: {
      title: 'Discord channel',
      intro:
        'Post this tournament’s start, each round, each result and the final standings to a Discord channel: give it the channel’s webhook.',
      'intro-points':
        'Post this tournament’s start and its final standings to a Discord channel: give it the channel’s webhook.',
      url: 'Channel webhook',
      replace: 'Another channel’s webhook',
      save: 'Post there',
      remove: 'Stop posting',
      on: 'Posting to the channel of the webhook ending …{{ending}}.',
      refused: 'Discord refused the webhook, so posting stopped. Give a new one.',
    },
    settings: {
      title: 'Alerts',
      intro:
        'Choose what reaches you outside Versus, and how: pushes on the devices where you allow them, and e-mails.',
      device: 'This device',
      'device-unsupported': 'This browser cannot show pushes.',
      'device-denied': 'Pushes from Versus are blocked in this browser’s settings. Allow them there to turn them on.',
      'device-off': 'Pushes are off on this device.',
      'device-on': 'This device gets pushes.',
      'device-on-stand-in':
        'This browser has no push service of its own here: its pushes go to the local push stand-in, which shows them on its page.',
      'push-elsewhere': 'Your Push choices below are for the devices where pushes are on. This one gets none.',
      'push-on': 'Get pushes on this device',
      'push-off': 'Stop pushes on this device',
      'push-failed': 'This browser could not subscribe to pushes. Try again, or use another browser.',
      kind: 'Alert',
      toggle: '{{kind}}: {{channel}}',
      'saved-on': 'Saved: “{{kind}}” alerts {{channel}} are on.',
      'saved-off': 'Saved: “{{kind}}” alerts {{channel}} are off.',
      'email-to': 'E-mails go to {{email}}.',
      language: 'E-mails and pushes are written in {{language}}, the language you last chose for Versus.',
      'language-here': 'Write them in {{language}}',
      'language-saved': 'Saved: e-mails and pushes are now written in {{language}}.',
      // The languages as a sentence names them (the switcher names each in itself: "Suomi").
      'language-names': { 'en-GB': 'British English', 'en-US': 'American English', 'fi-FI': 'Finnish' },
    },
    channels: { push: 'Push', email: 'E-mail' },
    'channel-in-text': { push: 'by push', email: 'by e-mail' },
    kinds: alertKindsEnGB,
    off: {
      title: 'Turn off alerts',
      ask: 'Stop “{{kind}}” alerts {{channel}}?',
      confirm: 'Turn them off',
      done: '“{{kind}}” alerts {{channel}} are off. You can turn them on again in your settings.',
      broken: 'This link is not complete. Copy the whole link from the alert, or choose your alerts in your settings.',
      settings: 'Choose your alerts in Settings',
    },
  },
  checkout: {
    title: 'Checkout',
    summary: '{{coins}} coins for {{price}}',
    supports:
      'You support the creator code {{code}}: while it is active, its creator earns {{coins}} coins from this purchase, at no cost to you.',
    'pay-with-paypal': 'Pay with PayPal',
    creating: 'Preparing your order…',
    completing: 'Confirming your payment…',
    completed: 'Payment complete: {{coins}} coins were added to your balance.',
    declined: 'Your payment was declined. No coins were added and nothing was charged.',
    cancelled: 'You cancelled the payment. Nothing was charged.',
    expired: 'This order expired after 3 hours without approval. Nothing was charged; start a new purchase.',
    'not-approved': 'The payment has not been approved yet.',
    failed: 'The payment could not be completed: {{message}}',
    'unknown-product': 'That coin bundle is not on sale.',
    'unknown-order': 'We could not find this purchase. Choose a coin bundle to start a new one.',
    'buy-more': 'Buy more coins',
    'see-coins': 'Your coins and their history',
    'try-again': 'Try again',
    'back-to-shop': 'Back to the coin bundles',
    // Once paid (or not), the way back to the page that sent the player for coins.
    back: { challenge: 'Back to the challenge', tournament: 'Back to the tournament', page: 'Back to where you were' },
    sandbox: {
      title: 'PayPal sandbox',
      body: 'This is the local platform: PayPal is replaced by a stand-in. Approve the order as the buyer would in the PayPal window.',
      approve: 'Approve in sandbox',
      decline: 'Pay with a declined card',
      cancel: 'Cancel payment',
    },
  },
  creator: {
    label: 'Creator',
    'label-short': 'Creator',
    open: 'Open creator menu',
    'your-code': 'Your creator code',
    'share-hint':
      'Share your code: you earn {{percent}}% of the coins your supporters buy, at no cost to them. 100 coins pay out as {{amount}}.',
    updated: 'As of {{time}}; refreshed when you open this menu, at most every 30 seconds.',
    balance: 'Creator balance',
    supporters: 'Supporters',
    'chart-label': 'Earnings per day, last 14 days',
    'chart-day_one': '{{day}}: {{coins}} coin',
    'chart-day_other': '{{day}}: {{coins}} coins',
    'chart-summary_one': '{{total}} coin in all, the most on {{day}} ({{best}})',
    'chart-summary_other': '{{total}} coins in all, the most on {{day}} ({{best}})',
    'chart-none': 'nothing earned yet',
    remaining_one: '{{coins}} more coin until you can redeem',
    remaining_other: '{{coins}} more coins until you can redeem',
    redeem: 'Redeem {{coins}} coins',
    'redeem-confirm':
      'Redeem {{coins}} coins? You receive {{amount}} in the PayPal account {{email}}. Once sent, a payout cannot be taken back.',
    'redeem-confirm-submit': 'Yes, redeem',
    redeemed: 'Redeemed: {{coins}} coins are on their way to your PayPal account.',
    'redeem-failed': 'The payout failed, so the coins are back in your creator balance.',
    'redeem-pending':
      'PayPal has not confirmed your payout yet. Your {{coins}} coins are held, and we will ask PayPal again in a few minutes.',
    'needs-paypal': 'Connect a PayPal account to redeem',
    'load-failed': 'Could not load your creator data.',
  },
  wallet: {
    errors: {
      'whole-coins': 'Enter a whole number of coins',
      'below-minimum': 'The minimum is {{minimum}} coins',
      'above-balance': 'You can withdraw at most {{funds}} coins',
      'unsupported-currency': 'Choose USD or EUR',
      'unsupported-method': 'PayPal is the only payment method',
      'unknown-order': 'Unknown order',
      'review-decision': 'Choose to send, record or refund',
      'batch-id': 'Enter the PayPal batch id (letters and digits)',
      'reason-too-long': 'At most 450 characters',
    },
  },
  'paypal-connect': {
    title: 'Connect a payment account',
    body: 'Connect your PayPal account to withdraw coins and redeem creator earnings. The PayPal account needs a verified e-mail address.',
    connect: 'Connect with PayPal',
    reconnect: 'Connect another PayPal account',
    connecting: 'Connecting your PayPal account…',
    connected: 'Connected: payouts go to {{email}}.',
    failed: 'Could not connect your PayPal account. Try again; the PayPal account must have a verified e-mail address.',
    cancelled: 'You cancelled the connection. Nothing changed.',
    'go-withdraw': 'Withdraw coins',
    'go-connections': 'See your connections',
  },
  // The support-a-creator modal's own, with the pages' texts rather than the shell's (record 132).
  'creator-code': {
    how: 'Supporting costs you nothing: whenever you buy coins, the creator earns {{percent}}% of them on top, from Versus.',
    stop: 'Stop supporting {{code}}',
    stopped:
      'You no longer support a creator: your purchases no longer earn a creator anything. Enter a code to support one again.',
  },
  'api-errors': {
    'own-creator-code': 'This is your own creator code: you can support another creator.',
  },
};
