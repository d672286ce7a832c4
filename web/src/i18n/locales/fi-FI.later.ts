import type { enGBLater } from './en-GB.later';
import type { TranslationShape } from '../translation-shape';

/** The Finnish of en-GB.later.ts (loaded with the rest of the Finnish, i18n/index.ts). */
export const fiFILater: TranslationShape<typeof enGBLater> = {
  consent: {
    title: 'Analytiikka',
    body: 'Saammeko laskea sivujen katselut Google Analytics for Firebasella nähdäksemme, miten Versusta käytetään? Mitään ei mitata ilman suostumustasi, ja voit muuttaa valintaasi sivun alalaidasta.',
    privacy: 'Tietosuojaseloste',
    accept: 'Hyväksy analytiikka',
    decline: 'Kieltäydy',
    settings: 'Analytiikka-asetukset',
  },
  landing: {
    figures: {
      title: 'Versus lukuina',
      players: 'Pelaajaa',
      // A soft hyphen at the compound's seam: a phone's figure tile is narrower than the word.
      battles: 'Pelattua kaksin\u00ADkamppailua',
      'coins-won': 'Voitettua kolikkoa',
      tournaments: 'Turnausta tässä kuussa',
    },
    upcoming: {
      title: 'Seuraavat turnaukset',
      spots: '{{count}}/{{size}} pelaajaa',
      'spots-teams': '{{count}}/{{size}} joukkuetta',
      fee: 'Osallistumismaksu {{coins}} kolikkoa',
      free: 'Ilmainen osallistuminen',
      all: 'Näytä kaikki turnaukset',
    },
  },
  'file-pick': { choose: 'Valitse kuva', none: 'Kuvaa ei ole valittu' },
  search: {
    discover: 'Tutustu pelaajiin',
  },
  preview: {
    challenge: 'Haasta',
    trophies_one: '{{count}} pokaali',
    trophies_other: '{{count}} pokaalia',
  },
  auth: {
    action: {
      'email-changed': 'Sähköpostiosoite vaihdettu',
      'email-changed-body': 'Tilisi käyttää nyt osoitetta {{email}}. Kirjaudu sillä.',
      'change-failed': 'Sähköpostiosoitetta ei voitu vaihtaa',
    },
  },
  profile: {
    email: {
      title: 'Sähköpostiosoite',
      new: 'Uusi sähköpostiosoite',
      submit: 'Lähetä vahvistuslinkki',
      sent: 'Lähetimme linkin osoitteeseen {{email}}. Osoitteesi vaihtuu, kun avaat linkin; siihen asti käytä nykyistä.',
      same: 'Tämä on jo sähköpostiosoitteesi.',
    },
    personal: {
      title: 'Henkilötiedot',
      body: 'Oikea nimesi ja maasi sellaisina kuin annoit ne rekisteröityessäsi. Muut pelaajat eivät näe niitä.',
      submit: 'Tallenna tiedot',
      saved: 'Tietosi on tallennettu.',
    },
    avatar: {
      title: 'Profiilikuva',
      change: 'Lataa kuva',
      remove: 'Käytä piirroskuvaa',
      hint: 'JPEG, PNG tai GIF, enintään 10 Mt. Rajaat sen neliöksi ennen tallennusta.',
      'crop-title': 'Rajaa kuvasi',
      'crop-hint': 'Vedä kuvaa asettaaksesi sen ympyrään.',
      zoom: 'Suurennus',
      save: 'Tallenna kuva',
      saved: 'Uusi kuvasi on tallennettu: kaikki näkevät sen nyt.',
      removed: 'Kuvasi on poistettu: kaikki näkevät nyt piirroskuvan.',
    },
  },
};
