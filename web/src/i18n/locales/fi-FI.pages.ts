import {
  noShowBanFiFI,
  alertEditedFieldsFiFI,
  alertKindsFiFI,
  alertLinesFiFI,
  alertRoundsFiFI,
} from '@versus/domain/notifications/alert-lines';
import type { enGBPages } from './en-GB.pages';
import type { TranslationShape } from '../translation-shape';

/** The Finnish of en-GB.pages.ts (loaded with the rest of the Finnish, i18n/index.ts). */
export const fiFIPages: TranslationShape<typeof enGBPages> = {
  auth: {
    'back-to-login': 'Takaisin kirjautumiseen',
    fields: {
      email: 'Sähköposti',
      password: 'Salasana',
      'new-password': 'Uusi salasana',
      'confirm-password': 'Vahvista salasana',
      'display-name': 'Nimimerkki',
      'first-name': 'Etunimi',
      'last-name': 'Sukunimi',
      country: 'Maa',
    },
    login: {
      title: 'Kirjaudu sisään',
      subtitle: 'Tervetuloa takaisin. Kaksinkamppailusi odottavat.',
      'signed-out-elsewhere':
        'Sinut kirjattiin täällä ulos, koska tiliäsi muutettiin muualla (esimerkiksi uusi salasana tai sähköpostiosoite kirjaa ulos kaikki muut laitteet). Jatka kirjautumalla uudelleen sisään.',
      submit: 'Kirjaudu',
      forgot: 'Unohditko salasanasi?',
      'no-account': 'Uusi Versuksessa?',
      register: 'Luo tili',
    },
    register: {
      title: 'Luo tili',
      subtitle: 'Se vie minuutin. Ilmaisiin turnauksiin ei tarvita kolikoita.',
      'display-name-hint':
        'Näkyy muille pelaajille, eikä sitä voi vaihtaa myöhemmin: {{min}}–{{max}} merkkiä, kirjaimia, numeroita, pisteitä, yhdysmerkkejä tai alaviivoja, ei välilyöntejä',
      'name-hint': 'Vähintään {{min}} merkkiä',
      'country-not-served': '{{country}} (ei vielä saatavilla)',
      'password-hint': 'Vähintään {{min}} merkkiä, joissa iso kirjain, pieni kirjain ja numero tai erikoismerkki',
      'choose-country': 'Valitse maasi',
      terms: 'Hyväksyn <terms>käyttöehdot</terms> ja <privacy>tietosuojaselosteen</privacy>',
      submit: 'Luo tili',
      'have-account': 'Onko sinulla jo tili?',
      login: 'Kirjaudu',
    },
    'check-mail': {
      title: 'Tarkista sähköpostisi',
      body: 'Lähetimme vahvistuslinkin osoitteeseen {{email}}. Avaa se, niin kaksinkamppailut, turnausten järjestäminen ja kolikot avautuvat.',
      hint: 'Eikö viestiä näy? Katso roskapostikansio tai lähetä viesti uudelleen.',
      verified: 'Olen vahvistanut sähköpostini',
    },
    forgot: {
      title: 'Unohditko salasanasi?',
      body: 'Anna sähköpostiosoitteesi, niin lähetämme linkin uuden salasanan valitsemiseen.',
      submit: 'Lähetä palautuslinkki',
    },
    'email-sent': {
      title: 'Tarkista sähköpostisi',
      body: 'Jos osoitteella {{email}} on tili, salasanan palautuslinkki on matkalla.',
      'body-no-address': 'Jos antamallasi osoitteella on tili, salasanan palautuslinkki on matkalla.',
    },
    reset: {
      title: 'Valitse uusi salasana',
      for: 'Tilille {{email}}',
      submit: 'Tallenna salasana',
      done: 'Salasanasi on vaihdettu',
      'request-new': 'Pyydä uusi linkki',
    },
    action: {
      title: 'Tilin toiminto',
      verifying: 'Vahvistetaan sähköpostiasi…',
      verified: 'Sähköposti vahvistettu',
      'verified-body': 'Kiitos! Kaksinkamppailut, turnausten järjestäminen ja kolikot ovat nyt käytössäsi.',
      'verify-failed': 'Sähköpostin vahvistus epäonnistui',
      recovered: 'Sähköpostiosoite palautettu',
      'recovered-body': 'Tilisi käyttää taas osoitetta {{email}}. Jos et pyytänyt muutosta, vaihda salasanasi nyt.',
      'recover-failed': 'Sähköpostin palautus epäonnistui',
      'reset-now': 'Vaihda salasana',
      continue: 'Jatka',
    },
    deactivated: {
      title: 'Tilisi on poistettu käytöstä',
      body: 'Tilisi ja sen tiedot poistetaan {{date}}. Palauta tili ennen sitä, niin kaikki säilyy.',
      'body-no-date': 'Tilisi poistetaan 14 päivän kuluttua käytöstä poistamisesta. Palauta se, niin kaikki säilyy.',
      data: 'Kopio tiedoistasi ensin',
      restore: 'Palauta tilini',
      'window-passed': 'Tilin palauttamiseen varatut 14 päivää ovat kuluneet.',
    },
    errors: {
      'wrong-credentials': 'Väärä sähköposti tai salasana',
      'user-not-found': 'Tällä sähköpostilla ei ole tiliä',
      'email-taken': 'Toinen tili käyttää jo tätä sähköpostiosoitetta.',
      'too-many-requests': 'Liian monta yritystä. Odota hetki ja yritä uudelleen.',
      'user-disabled': 'Tämä tili on estetty',
      'expired-code': 'Linkki on vanhentunut. Pyydä uusi.',
      'invalid-code': 'Linkki on virheellinen tai jo käytetty.',
      'reset-code-invalid': 'Palautuslinkki on virheellinen tai vanhentunut.',
      'weak-password': 'Salasana on liian heikko',
      general: 'Jokin meni vikaan. Yritä myöhemmin uudelleen.',
      'email-in-use': 'Sähköposti on jo käytössä! Kirjaudu sisään tililläsi.',
      'display-name-taken': 'Tämä nimimerkki on jo käytössä!',
      'country-unavailable-long':
        'Valitettavasti emme ole vielä saatavilla maassasi. Versus ei ole saatavilla Yhdysvalloissa eikä Kanadassa.',
    },
  },
  profile: {
    title: 'Profiilin asetukset',
    'tabs-label': 'Profiilin osiot',
    tabs: {
      settings: 'Asetukset',
      connections: 'Yhteydet',
      privacy: 'Yksityisyys',
      coins: 'Kolikot',
      withdraw: 'Nosto',
    },
    calendar: {
      title: 'Kalenteri',
      intro:
        'Lisää turnauksesi ja ottelusi sitä mukaa kuin ne valmistuvat mihin tahansa kalenterisovellukseen (Google Kalenteri, Applen Kalenteri, Outlook) omalla tilauslinkilläsi.',
      url: 'Kalenterilinkkisi',
      private:
        'Kuka tahansa, jolla on tämä linkki, näkee turnauksesi ja ottelusi. Jos se päätyy vääriin käsiin, tee uusi: vanha lakkaa toimimasta.',
      copy: 'Kopioi linkki',
      copied: 'Kopioitu',
      renew: 'Tee uusi linkki',
      stop: 'Poista käytöstä',
      start: 'Luo kalenterilinkki',
    },
    settings: {
      account: 'Tili',
      verified: 'Sähköposti vahvistettu',
      unverified: 'Sähköpostia ei ole vahvistettu',
      'display-name-fixed': 'Muut pelaajat löytävät sinut nimimerkistäsi, joten sitä ei voi vaihtaa.',
      password: 'Salasana',
      'current-password': 'Nykyinen salasana',
      'change-password': 'Vaihda salasana',
      'password-changed': 'Salasanasi on vaihdettu.',
      'wrong-password': 'Nykyinen salasana on väärä',
      'deactivate-password': 'Salasanasi, jolla vahvistat, että kyse on sinusta',
      'deactivate-title': 'Poista tili käytöstä',
      'deactivate-body':
        'Profiilisi piilotetaan heti ja poistetaan 14 päivän kuluttua. Jos haluat pitää sen, kirjaudu sisään ja valitse ”Palauta tilini” ennen sitä.',
      'deactivate-password-first': 'Kirjoita ensin salasanasi.',
      deactivate: 'Poista tili käytöstä',
      'deactivate-confirm-title': 'Poistetaanko tilisi käytöstä?',
      'deactivate-confirm-body':
        'Voit palauttaa sen 14 päivän kuluessa: kirjaudu sisään ja valitse ”Palauta tilini”. Sen jälkeen se poistetaan lopullisesti.',
    },
    connections: {
      intro: 'Yhdistä pelitilisi, jotta vastustajat ja järjestäjät löytävät sinut.',
      paypal: {
        title: 'PayPal',
        body: 'Nostot ja tuottaja-ansiot maksetaan tälle PayPal-tilille.',
        none: 'PayPal-tiliä ei ole yhdistetty.',
        connected: 'Yhdistetty tiliin {{email}}',
        connect: 'Yhdistä PayPal',
        disconnect: 'Poista yhteys',
        'disconnect-question':
          'Poistetaanko yhteys tiliin {{email}}? Nostot ja tuottaja-ansioiden lunastus vaativat yhdistetyn PayPal-tilin.',
        'disconnect-yes': 'Kyllä, poista yhteys',
      },
      connect: 'Yhdistä',
      linked: '{{name}} on nyt profiilissasi.',
      remove: 'Poista',
      'remove-question': 'Poistetaanko {{name}} profiilistasi?',
      'remove-yes': 'Kyllä, poista',
      discord: {
        title: 'Discord',
        label: 'Discord-käyttäjänimi',
        placeholder: 'käyttäjänimi',
      },
      epic: {
        title: 'Epic Games',
        label: 'Epic ID',
        placeholder: 'EpicNimi',
      },
      riot: {
        title: 'Riot Games',
        label: 'Riot-nimi tunnisteineen',
        placeholder: 'Nimi#TAG',
        verified: 'Vahvistettu Riot-kirjautumisella',
        unverified: 'Ei vahvistettu: näkyy profiilissasi, mutta sillä ei ratkaista tuloksia',
        'sign-in-body':
          'Kirjaudu Riot-tililläsi vahvistaaksesi, että tili on sinun: silloin League of Legends voi ratkaista turnausottelusi.',
        'sign-in': 'Kirjaudu Riot-tilillä',
        checking: 'Tarkistetaan Riot-kirjautumistasi…',
        linked: 'Riot-tili {{name}} yhdistetty ja vahvistettu.',
        'remove-question': 'Poistetaanko Riot-tili {{name}}? Voit vahvistaa sen uudelleen kirjautumalla Riot-tilillä.',
      },
      steam: {
        title: 'Steam (Dota 2 -tili)',
        label: 'Dota 2 -kaveritunnus tai Steam-profiilin osoite',
        placeholder: '123456789',
        body: 'Yhdistä tilisi kirjautumalla Steamin kautta: Steam kertoo meille, mikä tili on sinun, joten kukaan muu ei voi yhdistää sitä. Versus ei koskaan näe Steam-salasanaasi.',
        'sign-in': 'Kirjaudu Steamin kautta',
        checking: 'Tarkistetaan Steam-kirjautumistasi…',
        linked: 'Steam-tili {{name}} yhdistetty.',
        'remove-question':
          'Poistetaanko Steam-tili {{name}}? Voit yhdistää sen uudelleen kirjautumalla Steamin kautta.',
      },
      verified:
        'Steamin kautta yhdistetty Dota 2 -tili ja Riot-kirjautumisella yhdistetty Riot-tunnus vahvistetaan omiksesi, jolloin ottelusi tulos voidaan hakea suoraan pelistä.',
    },
    privacy: {
      title: 'Mitä muut näkevät',
      public: 'Nimimerkkisi, profiilikuvasi, pokaalisi, tilastosi ja yhdistetyt pelitilisi ovat julkisia.',
      private: 'Sähköpostisi, oikea nimesi, maasi, kolikkosaldosi ja maksutietosi näkyvät vain sinulle.',
      'data-title': 'Tietosi',
      'data-body':
        'Lataa kopio kaikesta, mitä Versus on tallentanut sinusta: profiilisi ja tilisi, kolikkosi ja niiden historia, kaksinkamppailut, turnaukset ja ottelut, lähettämäsi viestit, ilmoitukset, seuraamiset, lataamasi kuvat ja yhdistetyt tilit. Saat ne ZIP-arkistona, jossa on JSON-tiedostoja ja kuvasi.',
      'data-request': 'Lataa tietoni',
      'data-pending': 'Valmistelemme arkistoasi. Se vie yleensä minuutin; ilmoitamme, kun se on valmis.',
      'data-ready': 'Arkistosi ({{date}}) on valmis ({{size}}).',
      'data-download': 'Lataa arkisto',
      'data-expires':
        'Linkki toimii {{date}} asti kenelle tahansa, jolla se on: älä jaa sitä. Säilytä tiedosto huolellisesti: siinä on henkilötietojasi.',
      'data-expired': 'Edellisen arkistosi linkki on vanhentunut.',
      'data-failed': 'Arkiston valmistelu epäonnistui. Pyydä sitä uudelleen.',
      'data-next': 'Voit pyytää uuden arkiston {{date}} alkaen.',
    },
    withdraw: {
      balance: 'Kolikkosaldosi',
      title: 'Nosta kolikoita',
      body: '{{rate}} kolikosta maksetaan {{unit}}. Pienin nosto on {{minimum}} kolikkoa.',
      amount: 'Nostettavat kolikot',
      'you-get': 'Saat {{amount}}',
      withdrawable_one: 'Voit nostaa {{withdrawable}} kolikon ({{amount}}).',
      withdrawable_other: 'Voit nostaa {{withdrawable}} kolikkoa ({{amount}}).',
      unplayed_one:
        '{{unplayed}} ostetun kolikon voi nostaa, kun olet pelannut sen (käyttänyt sen osallistumismaksuun).',
      unplayed_other:
        '{{unplayed}} ostettua kolikkoa voi nostaa, kun olet pelannut ne (käyttänyt ne osallistumismaksuihin).',
      creator:
        'Tuottaja-ansiosi ovat oma saldonsa: lunasta ne sivun yläreunan sisällöntuottajan valikosta (puhelimessa Tuottaja).',
      submit: 'Nosta',
      confirm:
        'Nostetaanko {{coins}} kolikkoa? Saat {{amount}} PayPal-tilille {{email}}. Lähetettyä nostoa ei voi perua.',
      'confirm-submit': 'Kyllä, nosta {{amount}}',
      'to-account': 'Maksetaan PayPal-tilille {{email}}',
      'needs-account': 'Yhdistä PayPal-tili nostaaksesi.',
      'connect-account': 'Yhdistä PayPal',
      'needs-verified': 'Vahvista sähköpostiosoitteesi nostaaksesi.',
      'not-yet_one':
        'Et voi vielä nostaa: pienin nosto on {{minimum}} kolikkoa, ja nostettavissa on {{withdrawable}}. Puuttuu {{short}} kolikko.',
      'not-yet_other':
        'Et voi vielä nostaa: pienin nosto on {{minimum}} kolikkoa, ja nostettavissa on {{withdrawable}}. Puuttuu {{short}} kolikkoa.',
      paid: 'Maksettu: {{amount}} siirtyi PayPal-tilillesi.',
      processing: 'Nostoasi käsitellään.',
      pending:
        'PayPal ei ole vielä vahvistanut nostoasi. Kolikkosi pysyvät pidätettyinä, ja yritämme uudelleen muutaman minuutin kuluttua.',
      failed:
        'PayPal ei maksanut tätä nostoa, joten kolikkosi ovat taas saldossasi. Tarkista, että {{email}} voi vastaanottaa maksuja PayPalissa, tai yhdistä toinen tili ja yritä sitten uudelleen.',
      history: 'Nostosi',
      'history-empty': 'Et ole vielä nostanut mitään.',
      'history-failed': 'Nostojasi ei voitu ladata. Yritä hetken päästä uudelleen.',
      date: 'Päivä',
      payout: 'Maksu',
      'coins-from': '{{coins}} kolikkoa · {{source}}',
      'source-funds': 'Kolikkosaldo',
      'source-creator': 'Tuottaja-ansiot',
      'coins-from-funds': '{{coins}} kolikkoa saldostasi',
      'coins-from-creator': '{{coins}} kolikkoa tuottaja-ansioistasi',
      state: 'Tila',
      states: {
        PENDING: 'Odottaa PayPalia',
        REVIEW: 'Tarkistettavana',
        PROCESSING: 'Käsittelyssä',
        PAID: 'Maksettu',
        FAILED: 'Epäonnistui, palautettu',
      },
      'state-notes': {
        PENDING:
          'Odottaa PayPalia: PayPal ei ole vielä vahvistanut maksua. Kolikkosi pysyvät pidätettyinä, ja kysymme PayPalilta uudelleen 10 minuutin välein.',
        REVIEW:
          'Tarkistettavana: PayPal ei ole vastannut viikkoon, joten tiimimme selvittää maksun PayPalin kanssa. Kolikkosi pysyvät pidätettyinä, kunnes ne maksetaan tai palautetaan.',
      },
    },
  },
  battles: {
    'view-challenge': {
      title: 'Haaste',
      missing: {
        title: 'Haastetta ei löytynyt',
        body: 'Tätä haastetta ei ole olemassa, tai et ole sen pelaaja.',
      },
      closed: {
        title: 'Haaste ei ole enää avoinna',
        DECLINED: {
          challenger: {
            fee: '{{name}} hylkäsi haasteesi. {{fee}} kolikon osallistumismaksusi palautettiin saldoosi.',
            free: '{{name}} hylkäsi haasteesi.',
          },
          opponent: {
            fee: 'Hylkäsit pelaajan {{name}} haasteen.',
            free: 'Hylkäsit pelaajan {{name}} haasteen.',
          },
        },
        WITHDRAWN: {
          challenger: {
            fee: 'Peruit tämän haasteen. {{fee}} kolikon osallistumismaksusi palautettiin saldoosi.',
            free: 'Peruit tämän haasteen.',
          },
          opponent: {
            fee: '{{name}} perui haasteen.',
            free: '{{name}} perui haasteen.',
          },
        },
        EXPIRED: {
          challenger: {
            fee: '{{name}} ei vastannut ajoissa, joten haaste vanheni. {{fee}} kolikon osallistumismaksusi palautettiin saldoosi.',
            free: '{{name}} ei vastannut ajoissa, joten haaste vanheni.',
          },
          opponent: {
            fee: 'Pelaajan {{name}} haaste vanheni ennen kuin vastasit.',
            free: 'Pelaajan {{name}} haaste vanheni ennen kuin vastasit.',
          },
        },
        ACCEPTED: {
          challenger: {
            fee: '{{name}} hyväksyi: kaksinkamppailu on käynnissä.',
            free: '{{name}} hyväksyi: kaksinkamppailu on käynnissä.',
          },
          opponent: {
            fee: 'Hyväksyit: kaksinkamppailu on käynnissä.',
            free: 'Hyväksyit: kaksinkamppailu on käynnissä.',
          },
        },
      },
      expires: 'Vanhenee',
      waiting:
        'Odotetaan pelaajan {{name}} vastausta. Osallistumismaksusi on pidätettynä siihen asti, ja se palautetaan, jos haaste vanhenee.',
      invited: '{{name}} haastaa sinut kaksinkamppailuun. Hyväksyessäsi myös sinun osallistumismaksusi pidätetään.',
      'waiting-free': 'Odotetaan pelaajan {{name}} vastausta. Haaste vanhenee, jos hän ei vastaa.',
      'invited-free': '{{name}} haastaa sinut ilmaiseen kaksinkamppailuun.',
      accept: 'Hyväksy',
      decline: 'Hylkää',
      withdraw: 'Peru haaste',
    },
    battle: {
      title: 'Kaksinkamppailu',
      missing: {
        title: 'Kaksinkamppailua ei löytynyt',
        body: 'Tarkista linkki tai löydä kaksinkamppailusi Omista peleistä.',
      },
      'play-then-report': 'Pelaa ottelusi pelaajaa {{name}} vastaan ja ilmoita sitten voittaja.',
      'find-opponent': 'Mistä löydät pelaajan {{name}}',
      accounts: { discord: 'Discord', epic: 'Epic Games', steam: 'Steam-kaverikoodi' },
      'copy-account': {
        discord: 'Kopioi Discord-nimi',
        epic: 'Kopioi Epic Games -nimi',
        steam: 'Kopioi Steam-kaverikoodi',
      },
      'copy-failed': 'Kopiointi ei onnistunut. Se on valittuna: kopioi se itse.',
      'no-accounts':
        '{{name}} ei ole lisännyt profiiliinsa tiliä, jonka kautta hänet tavoittaa (Discord, Epic Games tai Steam).',
      'their-profile': 'Katso hänen profiilinsa',
      'account-closed': 'Pelaajan {{name}} tili on suljettu.',
      'who-won': 'Kuka voitti?',
      me: '{{name}} (sinä)',
      'submit-result': 'Ilmoita tulos',
      'report-question': {
        self_one:
          'Ilmoitat voittaneesi: ellei {{name}} kiistä tulosta ajoissa, saat {{prize}} kolikon palkinnon. Ilmoitusta ei voi muuttaa.',
        self_other:
          'Ilmoitat voittaneesi: ellei {{name}} kiistä tulosta ajoissa, saat {{prize}} kolikon palkinnon. Ilmoitusta ei voi muuttaa.',
        opponent_one:
          'Ilmoitat, että {{name}} voitti: kun hän vahvistaa tuloksen tai jos hän ei vastaa ajoissa, hän saa {{prize}} kolikon palkinnon. Ilmoitusta ei voi muuttaa.',
        opponent_other:
          'Ilmoitat, että {{name}} voitti: kun hän vahvistaa tuloksen tai jos hän ei vastaa ajoissa, hän saa {{prize}} kolikon palkinnon. Ilmoitusta ei voi muuttaa.',
        'self-free':
          'Ilmoitat voittaneesi: ellei {{name}} kiistä tulosta ajoissa, olet voittaja. Ilmoitusta ei voi muuttaa.',
        'opponent-free':
          'Ilmoitat, että {{name}} voitti: kun hän vahvistaa tuloksen tai jos hän ei vastaa ajoissa, hän on voittaja. Ilmoitusta ei voi muuttaa.',
      },
      'report-yes': { self: 'Kyllä, voitin', opponent: 'Kyllä, {{name}} voitti' },
      'you-reported': {
        self: 'Ilmoitit voittaneesi. Odotetaan, että {{name}} vahvistaa.',
        opponent: 'Ilmoitit, että {{name}} voitti. Odotetaan hänen vahvistustaan.',
      },
      'opponent-reported': {
        self: '{{name}} ilmoitti voittaneensa.',
        you: '{{name}} ilmoitti, että sinä voitit.',
      },
      confirm: 'Vahvista tulos',
      dispute: 'Kiistä',
      'opponent-disputed':
        '{{name}} kiistää tuloksen. Kerro oma näkemyksesi ja liitä todistekuva; ylläpitäjä ratkaisee.',
      story: 'Oma näkemyksesi',
      'story-placeholder': 'Mitä tapahtui? Tulokset, erät ja kaikki, mitä ylläpitäjän pitää tietää.',
      proof: 'Todistekuva',
      'proof-hint': 'Kuvakaappaus tuloksesta: JPG, PNG tai GIF, enintään 10 Mt.',
      'proof-of': 'Pelaajan {{name}} todiste',
      'send-dispute': 'Lähetä ylläpitäjälle',
      'waiting-for-admin': 'Alustan ylläpitäjä ratkaisee tämän kaksinkamppailun. Molemmille pelaajille ilmoitetaan.',
      closing: 'Aika on kulunut umpeen. Kaksinkamppailua suljetaan.',
      deadline: {
        submit: 'Ilmoita tulos viimeistään',
        answer: 'Vahvista tai kiistä viimeistään',
        stands: 'Ellei tulokseen vastata, se vahvistuu',
        dispute: 'Kerro näkemyksesi viimeistään',
      },
      stories: 'Näkemykset',
      winner: 'Voittaja: {{name}}',
      result: 'Tulos',
      cancelled: 'Kaksinkamppailu peruttu',
      'cancelled-no-result':
        'Kukaan ei ilmoittanut tulosta vuorokauden kuluessa. Molemmat osallistumismaksut palautettiin.',
      'cancelled-by-admin': 'Alustan ylläpitäjä perui kaksinkamppailun. Molemmat osallistumismaksut palautettiin.',
      'reported-winner': 'Ilmoitettu voittaja: {{name}}.',
      'other-side-until': '{{name}} voi kertoa näkemyksensä viimeistään',
      'admin-decides-then':
        'Sen jälkeen alustan ylläpitäjä ratkaisee molempien näkemysten ja todisteiden perusteella tai pelkästään sinun näkemyksesi perusteella. Molemmille pelaajille ilmoitetaan.',
    },
  },
  admin: {
    title: 'Alustan ylläpito',
    subtitle: 'Kaksinkamppailujen kiistat, tarkistusta odottavat nostot, kuukauden kampanja ja palkintokatot.',
    'api-usage': {
      title: 'Pelitiedot',
      opendota: 'OpenDota tänään ({{day}}, UTC): {{calls}} / {{budget}} kutsua.',
      none: 'OpenDota tänään ({{day}}, UTC): ei vielä kutsuja.',
      intro:
        'OpenDota ratkaisee Dota 2 -kaksinkamppailut ja -ottelut pelattujen pelien perusteella. Kun päivän kiintiö on käytetty, pelejä ei kysytä ennen seuraavaa päivää (UTC), ja tulokset tulevat pelaajien ilmoituksista.',
    },
    'prize-caps': {
      title: 'Turnausten palkintokatot',
      intro:
        'Enimmäismäärä, jonka pelin turnaus voi maksaa palkintoina, kolikkoina: osallistumismaksu kertaa koko. Pelin julkaisija voi rajata yhteisökilpailujen palkintoja. Uudet ja muokatut turnaukset, jotka ylittävät katon, hylätään; jo avoinna olevat pitävät omansa.',
      none: 'Millään pelillä ei ole kattoa.',
      cap: '{{game}}: enintään {{cap}} kolikkoa',
      'cap-free': '{{game}}: vain ilmaiset turnaukset (katto 0)',
      lift: 'Poista katto',
      game: 'Peli',
      coins: 'Katto kolikkoina',
      invalid: 'Anna kolikoiden määrä kokonaislukuna väliltä 0–{{max}}.',
      save: 'Aseta katto',
      yearly: {
        title: 'Palkinnot järjestäjää ja vuotta kohden',
        intro:
          'Enimmäismäärä kolikkoina, jonka yhden järjestäjän turnaukset julkaisijan peleissä voivat maksaa palkintoina kalenterivuodessa (Riot Games sallii järjestäjälle 10 000 USD vuodessa). Avoimet turnaukset lasketaan täysinä, alkaneet maksettujen osallistumismaksujen mukaan ja perutut eivät lainkaan.',
        // After the publisher's name and a colon: a small letter, as Finnish writes it.
        none: 'ei vuosikattoa.',
        cap: 'enintään {{cap}} kolikkoa vuodessa järjestäjää kohden',
        'cap-free': 'vain ilmaiset turnaukset (katto 0)',
        coins: 'Vuosikatto kolikkoina',
        save: 'Aseta vuosikatto',
      },
      publishers: {
        riot: 'Riot Gamesin pelit (League of Legends ja VALORANT)',
      },
    },
    disputes: {
      title: 'Kiistanalaiset kaksinkamppailut',
      empty: 'Ei kiistanalaisia kaksinkamppailuja.',
      'load-failed': 'Kiistanalaisia kaksinkamppailuja ei voitu ladata. Yritä hetken päästä uudelleen.',
      reported: 'Ilmoitettu voittaja: {{winner}}.',
      ready: 'Molempia osapuolia on kuultu: valmis ratkaistavaksi.',
      'ready-closed': 'Näkemysten aikaraja on umpeutunut: valmis ratkaistavaksi.',
      decided:
        'Ratkaistu: kaksinkamppailu {{players}}, voittaja {{winner}}. Molemmat pelaajat saavat ilmoituksen ja näkevät perustelusi.',
      cancelled:
        'Peruttu: kaksinkamppailu {{players}}, molemmat osallistumismaksut palautettu. Molemmat pelaajat saavat ilmoituksen ja näkevät perustelusi.',
      window: 'Odotetaan toista osapuolta; aikaraja umpeutuu',
    },
    decision: {
      winner: 'Voittaja',
      'not-yet': 'Voit ratkaista, kun molempia on kuultu tai kun aikaraja umpeutuu',
      reasoning: 'Perustelu',
      'reasoning-hint': 'Molemmat pelaajat näkevät sen.',
      decide: 'Ratkaise voittaja',
      cancel: 'Peru ja palauta maksut',
      'decide-question_one':
        '{{winner}} voittaa kaksinkamppailun ja saa {{prize}} kolikon palkinnon. Tätä ei voi perua.',
      'decide-question_other':
        '{{winner}} voittaa kaksinkamppailun ja saa {{prize}} kolikon palkinnon. Tätä ei voi perua.',
      'decide-yes': 'Kyllä, {{winner}} voittaa',
      'cancel-question_one':
        'Kaksinkamppailu perutaan, ja kumpikin pelaaja saa {{fee}} kolikon osallistumismaksunsa takaisin. Tätä ei voi perua.',
      'cancel-question_other':
        'Kaksinkamppailu perutaan, ja kumpikin pelaaja saa {{fee}} kolikon osallistumismaksunsa takaisin. Tätä ei voi perua.',
      'cancel-yes': 'Kyllä, peru ja palauta',
    },
    payouts: {
      title: 'Tarkistusta odottavat nostot',
      'load-failed': 'Tarkistusta odottavia nostoja ei voitu ladata. Yritä hetken päästä uudelleen.',
      intro:
        'PayPal ei vastannut näihin viikkoon, joten niitä ei enää lähetetä; niiden kolikot pysyvät pidätettyinä. PayPal on silti voinut maksaa noston: tarkista se PayPalin tiedoista lähettäjän erätunnuksella (sender_batch_id) ennen palautusta. Uudelleenlähetys on turvallinen: PayPal vastaa tekemällään erällä tai tekee sen nyt.',
      empty: 'Tarkistusta odottavia nostoja ei ole.',
      player: 'Pelaaja',
      receiver: 'PayPal-tili',
      requested: 'Pyyntö tehty',
      'sender-batch-id': 'Lähettäjän erätunnus',
      'last-review': 'Viimeisin yritys',
      'sent-again':
        'Lähetetty uudelleen {{date}} ({{reason}}), mutta PayPal ei antanut luotettavaa vastausta. Se on voinut maksaa noston: lähetä uudelleen tai tarkista PayPalista ennen palautusta.',
      reason: 'Perustelu',
      'reason-hint': 'Pakollinen jokaisessa päätöksessä; tallennetaan noston tietoihin.',
      send: 'Lähetä PayPaliin uudelleen',
      refund: 'Palauta kolikot',
      'too-old':
        'PayPal muistaa noston tunnuksen 30 päivää, joten 29 päivän jälkeen sitä ei enää lähetetä uudelleen: kirjaa sen erä tai palauta kolikot.',
      'batch-id': 'PayPalin erätunnus',
      'batch-hint':
        'Jos PayPalin tiedoista näkyy, että tämä nosto on maksettu, kirjoita tähän siellä näkyvä maksuerän tunnus (payout_batch_id).',
      record: 'Kirjaa maksetuksi tämän erän perusteella',
      done: {
        send: 'Lähetetty PayPaliin: {{amount}} tilille {{receiver}}. Tila: {{state}}.',
        batch: 'Kirjattu: {{amount}} tilille {{receiver}}. Tila: {{state}}.',
        refund: '{{coins}} kolikkoa palautettiin pelaajan saldoon (nosto tilille {{receiver}}).',
      },
    },
    campaign: {
      title: 'Kampanja',
      current: 'Tämä kuu ({{month}}): {{prize}}.',
      'no-prize': 'palkintoa ei ole asetettu',
      'drawn-no-prize': 'Palkintoa ei asetettu',
      entries: 'Arvontaosallistumisia tähän mennessä {{formatted}}.',
      prize: 'Tämän kuun palkinto',
      'prize-hint':
        'Palkinto, jota kampanjailmoitus mainostaa tässä kuussa, esimerkiksi ”Pelikuulokkeet” ({{min}}–{{max}} merkkiä).',
      'save-prize': 'Tallenna palkinto',
      'prize-short': 'Palkinnon nimessä on oltava vähintään {{min}} merkkiä.',
      'prize-saved': 'Tallennettu: palkinto on nyt ”{{prize}}” ({{month}}).',
      'draw-month': 'Arvo päättynyt kuukausi',
      draw: 'Suorita arvonta',
      'draw-question':
        'Arvotaanko voittaja kuukaudelle {{month}}? Kuukausi arvotaan vain kerran: sen voittajaa ei voi vaihtaa jälkeenpäin.',
      'draw-no-prize':
        'Kuukaudelle {{month}} ei ole asetettu palkintoa: voittajalle kerrotaan voitosta, mutta palkintoa ei nimetä.',
      'draw-yes': 'Kyllä, arvo voittaja kuukaudelle {{month}}',
      'drawn-already': 'Arvonta kuukaudelle {{month}} on suoritettu: voittaja ja arvonnan tiedot ovat alla.',
      'not-over':
        'Arvontaa kuukaudelle {{month}} ei voi vielä suorittaa: sen voi suorittaa aikaisintaan kymmenen minuuttia kuukauden päättymisen jälkeen, kun kaikki sen kaksinkamppailut on kirjattu.',
      winner: 'Voittaja',
      'drawn-prize': 'Palkinto',
      record: 'Arvonnan tiedot',
      'record-text':
        '{{entries}} osallistumista, indeksi {{index}}, siemen {{seed}}, osallistumisten tiiviste {{digest}}',
    },
  },
  legal: {
    privacy: {
      title: 'Tietosuojaseloste',
      sections: {
        data: {
          heading: 'Mitä keräämme',
          body: 'Sähköpostiosoitteesi, nimimerkkisi, etu- ja sukunimesi, maasi, yhdistämiesi pelitilien nimet sekä tiedot kaksinkamppailuistasi, turnauksistasi ja kolikkotapahtumistasi.',
        },
        use: {
          heading: 'Miksi käytämme niitä',
          body: 'Tilisi ylläpitämiseen, vastustajien löytämiseen, palkintojen maksamiseen, väärinkäytösten estämiseen ja lakisääteisten velvoitteidemme täyttämiseen.',
        },
        rights: {
          heading: 'Oikeutesi',
          body: 'Voit tarkastella ja korjata tietojasi profiilin asetuksissa, ladata kopion kaikesta, mitä olemme sinusta tallentaneet (Profiili → Yksityisyys → Lataa tietoni: ZIP-arkisto JSON-tiedostoja, valmiina muutamassa minuutissa, linkki voimassa 7 päivää, kerran vuorokaudessa), ja poistaa tilisi käytöstä milloin tahansa; se poistetaan 14 päivää myöhemmin.',
        },
        google: {
          heading: 'Kuka käsittelee tietoja puolestamme: Google (Firebase)',
          body: 'Versus toimii Google Cloudissa (Firebase) EU:ssa: tilisi ja kirjautumisesi (Firebase Authentication, joka lähettää myös vahvistus- ja salasanaviestimme), kaikki edellä luetellut tiedot (Firestore), lataamasi kuvat (Cloud Storage) sekä käyttämäsi sivut ja toiminnot (Hosting ja Cloud Functions). reCAPTCHA Enterprise (App Check) saa selaimeltasi tietoja, joilla ihmiset erotetaan skripteistä. Google Analytics saa tiedon vierailemistasi sivuista vain, jos hyväksyt analytiikan.',
        },
        paypal: {
          heading: 'PayPal',
          body: 'Kun ostat kolikoita, PayPal saa tilauksen ja sen summan ja käsittelee maksutietosi; me saamme maksun tilan. Kun nostat kolikoita, PayPal saa yhdistetyn PayPal-tilisi sähköpostiosoitteen ja summan.',
        },
        games: {
          heading: 'Riot Games ja OpenDota',
          body: 'Kun yhdistät Riot ID:n, Riot Games saa sen tilin vahvistamiseksi, ja kun peli ratkaisee League of Legends -turnausottelun, sen pelaajien tilitunnisteet. Kun yhdistät Steam-tilin, OpenDota saa sen Dota 2 -tilitunnuksen sen vahvistamiseksi ja Dota 2 -kaksinkamppailujesi ja -otteluidesi pelien lukemiseksi. Kumpikaan ei saa nimeäsi eikä sähköpostiosoitettasi.',
        },
      },
    },
    terms: {
      title: 'Käyttöehdot',
      sections: {
        alpha: {
          heading: 'Varhainen alfa',
          body: 'Versus on varhaisessa alfavaiheessa. Ominaisuudet muuttuvat ja voivat olla ajoittain poissa käytöstä.',
        },
        coins: {
          heading: 'Kolikot',
          body: 'Kolikoita käytetään Versuksessa osallistumismaksuihin ja palkintoihin. Osallistumismaksu pidätetään, kun sitoudut peliin, ja vapautetaan palkintona tai palautuksena.',
        },
        conduct: {
          heading: 'Reilu peli',
          body: 'Ilmoita tulokset rehellisesti. Ylläpitäjät ratkaisevat kiistat, ja huijaavat tilit suljetaan.',
        },
      },
    },
  },
  notifications: {
    title: 'Ilmoitukset',
    open: 'Ilmoitukset, {{count}} uutta',
    banned: noShowBanFiFI,
    'open-more': 'Ilmoitukset, {{count}}+ uutta',
    empty: 'Ei uutta. Ilmoitukset kaksinkamppailuistasi, turnauksistasi ja seuraajistasi näkyvät täällä.',
    'empty-filtered': {
      battles: 'Ei ilmoituksia kaksinkamppailuista.',
      tournaments: 'Ei ilmoituksia turnauksista.',
      social: 'Ei ilmoituksia seuraajista, maininnoista tai tukijoista.',
      account: 'Ei ilmoituksia tilistäsi.',
    },
    new: 'Uusi',
    generic: 'Sinulla on uusi ilmoitus',
    'see-all': 'Näytä kaikki',
    'load-more': 'Lataa lisää',
    'mark-all': 'Merkitse kaikki luetuiksi',
    filter: 'Näytä',
    failed: 'Ilmoituksiasi ei voitu ladata. Yritä ladata sivu uudelleen.',
    kept: 'Ilmoitukset säilytetään {{days}} päivän ajan.',
    filters: {
      all: 'Kaikki',
      battles: 'Kaksinkamppailut',
      tournaments: 'Turnaukset',
      social: 'Ihmiset',
      account: 'Tili',
    },
    // A ready match's round, after its tournament's name.
    'edited-fields': alertEditedFieldsFiFI,
    rounds: alertRoundsFiFI,
    types: {
      ...alertLinesFiFI,
      FOLLOW: 'Sinua alkoi seurata {{users}}',
      FOLLOW_more_one: 'Sinua alkoi seurata {{users}} ja {{count}} muu',
      FOLLOW_more_other: 'Sinua alkoi seurata {{users}} ja {{count}} muuta',
      TOURNAMENT_ROOM_MENTION: '{{user}} mainitsi sinut turnauksen {{tournament}} keskustelussa',
      BATTLE_CHALLENGE_ACCEPTED: '{{user}} hyväksyi haasteesi. Kaksinkamppailu alkaa!',
      CHALLENGE_EXPIRED: 'Haasteesi pelaajalle {{user}} vanheni.',
      CHALLENGE_EXPIRED_refunded: 'Haasteesi pelaajalle {{user}} vanheni. {{payout, number}} kolikkoasi palautettiin.',
      CHALLENGE_DECLINED: '{{user}} hylkäsi haasteesi.',
      CHALLENGE_DECLINED_refunded: '{{user}} hylkäsi haasteesi. {{payout, number}} kolikkoasi palautettiin.',
      BATTLE_ENDED: 'Kaksinkamppailusi pelaajaa {{user}} vastaan päättyi. Voittaja: {{winner}}',
      BATTLE_ENDED_won: 'Voitit pelaajan {{user}} ja sait {{payout, number}} kolikkoa!',
      BATTLE_ENDED_won_free: 'Voitit kaksinkamppailun pelaajaa {{user}} vastaan!',
      BATTLE_ENDED_lost: 'Hävisit kaksinkamppailun pelaajaa {{user}} vastaan.',
      BATTLE_ENDED_admin: 'Ratkaisit kaksinkamppailun. Voittaja: {{winner}}',
      BATTLE_CANCELLED: 'Kaksinkamppailusi pelaajaa {{user}} vastaan peruttiin.',
      BATTLE_CANCELLED_refunded:
        'Kaksinkamppailusi pelaajaa {{user}} vastaan peruttiin. {{payout, number}} kolikkoasi palautettiin.',
      JOIN_TOURNAMENT:
        'Olet mukana turnauksessa {{tournament}}. Ilmoittaudu paikalle alkua edeltävän 30 minuutin aikana.',
      JOIN_TOURNAMENT_paid:
        'Olet mukana turnauksessa {{tournament}}: {{payout, number}} kolikkoa on varattu osallistumismaksuksi. Ilmoittaudu paikalle alkua edeltävän 30 minuutin aikana.',
      JOIN_TOURNAMENT_checked_in:
        'Olet mukana turnauksessa {{tournament}}, ja paikalle ilmoittautumisesi on kirjattu: turnaus alkaa 30 minuutin sisällä.',
      JOIN_TOURNAMENT_team:
        'Joukkueesi {{party}} on mukana turnauksessa {{tournament}}. Ilmoita joukkueesi paikalle alkua edeltävän 30 minuutin aikana.',
      JOIN_TOURNAMENT_team_member:
        'Joukkueesi {{party}} on mukana turnauksessa {{tournament}}. Kapteenisi ilmoittaa sen paikalle alkua edeltävän 30 minuutin aikana.',
      JOIN_TOURNAMENT_team_checked_in:
        'Joukkueesi {{party}} on mukana turnauksessa {{tournament}}, ja se on ilmoitettu paikalle: turnaus alkaa 30 minuutin sisällä.',
      JOIN_TOURNAMENT_paid_checked_in:
        'Olet mukana turnauksessa {{tournament}}, ja paikalle ilmoittautumisesi on kirjattu: {{payout, number}} kolikkoa on varattu osallistumismaksuksi. Turnaus alkaa 30 minuutin sisällä.',
      USER_JOINED_ADMIN_TOURNAMENT: 'Turnaukseesi {{tournament}} liittyi {{users}}.',
      USER_JOINED_ADMIN_TOURNAMENT_more_one: 'Turnaukseesi {{tournament}} liittyi {{users}} ja {{count}} muu.',
      USER_JOINED_ADMIN_TOURNAMENT_more_other: 'Turnaukseesi {{tournament}} liittyi {{users}} ja {{count}} muuta.',
      USER_LEFT_ADMIN_TOURNAMENT: 'Turnauksestasi {{tournament}} poistui {{users}}.',
      USER_LEFT_ADMIN_TOURNAMENT_more_one: 'Turnauksestasi {{tournament}} poistui {{users}} ja {{count}} muu.',
      USER_LEFT_ADMIN_TOURNAMENT_more_other: 'Turnauksestasi {{tournament}} poistui {{users}} ja {{count}} muuta.',
      INVITED_TO_PARTY: '{{user}} kutsui sinut porukkaan {{party}} turnauksessa {{tournament}}.',
      JOINED_USER_PARTY: '{{user}} liittyi porukkaasi {{party}} turnauksessa {{tournament}}.',
      PARTY_REMOVED: 'Porukan kapteeni poisti porukan {{party}} turnauksesta {{tournament}}.',
      PARTY_MEMBER_LEFT: '{{user}} poistui porukastasi {{party}} turnauksessa {{tournament}}.',
      PARTY_INVITE_DECLINED: '{{user}} kieltäytyi kutsustasi porukkaan {{party}} turnauksessa {{tournament}}.',
      PARTY_INVITE_DECLINED_elsewhere:
        '{{user}} on nyt toisessa porukassa turnauksessa {{tournament}}, joten kutsusi porukkaan {{party}} peruttiin.',
      PARTY_MEMBER_LEFT_was_ready:
        '{{user}} poistui porukastasi {{party}}: porukka on poissa turnauksesta {{tournament}}, kunnes se on taas täynnä ja merkitty valmiiksi.',
      PARTY_MEMBER_REMOVED:
        'Porukkasi {{party}} kapteeni poisti pelaajan {{user}} porukasta turnauksessa {{tournament}}.',
      PARTY_MEMBER_REMOVED_was_ready:
        'Porukkasi {{party}} kapteeni poisti pelaajan {{user}} porukasta: porukka on poissa turnauksesta {{tournament}}, kunnes se on taas täynnä ja merkitty valmiiksi.',
      PARTY_MEMBER_REMOVED_you:
        'Porukan {{party}} kapteeni poisti sinut porukasta turnauksessa {{tournament}}. Voit liittyä toiseen porukkaan tai perustaa oman.',
      DATA_EXPORT_READY: 'Tietoarkistosi on valmis. Sen linkki toimii 7 päivää.',
      WITHDRAWAL_PAID: '{{payout, number}} kolikon nostosi maksettiin PayPal-tilillesi.',
      WITHDRAWAL_PAID_creator: '{{payout, number}} kolikon tuottaja-ansiosi maksettiin PayPal-tilillesi.',
      WITHDRAWAL_FAILED: 'PayPal ei maksanut {{payout, number}} kolikon nostoasi. Kolikot palautettiin saldoosi.',
      WITHDRAWAL_FAILED_creator:
        'PayPal ei maksanut {{payout, number}} kolikon tuottaja-ansioitasi. Kolikot palautettiin tuottajasaldoosi.',
      CAMPAIGN_DRAW_WON:
        'Onneksi olkoon: voitit kuukauden arvonnan ({{month}}), johon jokainen sinä kuussa panoksella pelaamasi kaksinkamppailu osallistui.',
      CAMPAIGN_DRAW_WON_prize:
        'Onneksi olkoon: voitit kuukauden arvonnan ({{month}}), johon jokainen sinä kuussa panoksella pelaamasi kaksinkamppailu osallistui. Palkinto: {{prize}}.',
      CREATOR_NEW_SUPPORTER:
        'Pelaaja valitsi sisällöntuottajakoodisi. Ansaitset {{percent}} % hänen ostamistaan kolikoista, ja valikkosi laskee hänet tukijoihisi.',
      TOURNAMENT_DISQUALIFIED: 'Turnauksen {{tournament}} järjestäjä hylkäsi sinut: {{reasoning}}',
      TOURNAMENT_REMOVED: 'Järjestäjä poisti sinut turnauksesta {{tournament}}: {{reasoning}}',
      TOURNAMENT_ALLOWED_BACK:
        'Turnauksen {{tournament}} järjestäjä päästi sinut takaisin: voit liittyä siihen uudelleen.',
      TOURNAMENT_POINTS_OPEN:
        'Turnaus {{tournament}} on alkanut: lähetä pisteesi jokaiselta kierrokselta ja liitä todisteeksi kuvakaappaus.',
      TOURNAMENT_FINISHED: 'Turnaus {{tournament}} on päättynyt: sijoituit {{place}} sijalle.',
      TOURNAMENT_FINISHED_won: 'Voitit turnauksen {{tournament}}!',
      // The ordinal's own dot is not at the sentence's end (it read "jaat sijat 3.–4..").
      TOURNAMENT_FINISHED_shared:
        'Turnaus {{tournament}} on päättynyt: sijoituit jaetulle {{place}}–{{placeTo}} sijalle.',
      TOURNAMENT_FINISHED_unplaced: 'Turnaus {{tournament}} on päättynyt. Katso lopputulokset.',
      TOURNAMENT_FINISHED_admin: 'Järjestämäsi turnaus {{tournament}} on päättynyt. Katso lopputulokset.',
      TOURNAMENT_FINISHED_admin_won: 'Järjestämäsi turnaus {{tournament}} on päättynyt: sen voitti {{winner}}.',
      TOURNAMENT_REMOVED_refunded:
        'Järjestäjä poisti sinut turnauksesta {{tournament}} ja palautti {{payout, number}} kolikkoasi. Syy: {{reasoning}}',
      TOURNAMENT_SUBSTITUTE_in:
        'Turnauksen {{tournament}} järjestäjä lisäsi sinut joukkueeseen {{party}} varapelaajaksi. Joukkueesi pelaa eteenpäin.',
      TOURNAMENT_SUBSTITUTE_out:
        'Turnauksen {{tournament}} järjestäjä korvasi sinut joukkueessa {{party}} varapelaajalla.',
      BATTLE_DEADLINE_SOON_report:
        'Taistelusi pelaajaa {{user}} vastaan on ilmoitettava tunnin sisällä. Ilman ilmoitusta se perutaan ja maksut palautetaan.',
      BATTLE_DEADLINE_SOON_answer:
        '{{user}} ilmoitti kaksinkamppailunne tuloksen. Sinulla on tunti aikaa vahvistaa tai kiistää se, muuten ilmoitus jää voimaan.',
      TOURNAMENT_DISCORD_OFF_admin:
        'Discord hylkäsi turnauksen {{tournament}} webhookin, joten julkaisut loppuivat. Anna turnaukselle uusi webhook.',
      ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED:
        'Turnauksesi {{tournament}} perutaan passiivisuuden vuoksi 24 tunnin kuluessa. Pidennä aikaa, jos turnaus on yhä ajankohtainen.',
      TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD_admin:
        'Turnauksessa {{tournament}} kiistanalaisen ottelun molemmat osapuolet ovat kertoneet näkemyksensä. Ratkaise voittaja.',
      ADMIN_TOURNAMENT_POINTS_SUBMITTED_admin_one:
        '{{user}} lähetti {{count, number}} pisteen turnauksessa {{tournament}}. Tarkista se.',
      ADMIN_TOURNAMENT_POINTS_SUBMITTED_admin_other:
        '{{user}} lähetti {{count, number}} pistettä turnauksessa {{tournament}}. Tarkista ne.',
      TOURNAMENT_POINTS_ACCEPTED_one: 'Turnauksen {{tournament}} järjestäjä hyväksyi {{count, number}} pisteesi.',
      TOURNAMENT_POINTS_ACCEPTED_other: 'Turnauksen {{tournament}} järjestäjä hyväksyi {{count, number}} pisteesi.',
      TOURNAMENT_POINTS_CHANGED:
        'Turnauksen {{tournament}} järjestäjä muutti pisteesi: uusi määrä on {{points, number}}. Perustelu: {{reasoning}}',
      TOURNAMENT_POINTS_ACCEPTED_round_one:
        'Turnauksen {{tournament}} järjestäjä hyväksyi kierroksesi {{round}}: {{count, number}} piste.',
      TOURNAMENT_POINTS_ACCEPTED_round_other:
        'Turnauksen {{tournament}} järjestäjä hyväksyi kierroksesi {{round}}: {{count, number}} pistettä.',
      TOURNAMENT_POINTS_CHANGED_round:
        'Turnauksen {{tournament}} järjestäjä muutti kierroksen {{round}} pisteesi {{points, number}}:ksi. Perustelu: {{reasoning}}',
      TOURNAMENT_POINTS_CHANGED_round_rejected:
        'Turnauksen {{tournament}} järjestäjä hylkäsi kierroksen {{round}} pisteesi. Perustelu: {{reasoning}}',
      BATTLES_CONFLICT_EXPIRED:
        'Kiistan aikaraja kaksinkamppailussa pelaajaa {{user}} vastaan umpeutui. Ylläpitäjä ratkaisee.',
    },
  },
  alerts: {
    discord: {
      title: 'Discord-kanava',
      intro:
        'Julkaise turnauksen alku, jokainen kierros, jokainen tulos ja lopputulokset Discord-kanavalle: liitä tähän kanavan webhook.',
      'intro-points': 'Julkaise turnauksen alku ja lopputulokset Discord-kanavalle: liitä tähän kanavan webhook.',
      url: 'Kanavan webhook',
      replace: 'Toisen kanavan webhook',
      save: 'Aloita julkaisu',
      remove: 'Lopeta julkaisu',
      on: 'Julkaistaan kanavalle, jonka webhook päättyy …{{ending}}.',
      refused: 'Discord hylkäsi webhookin, joten julkaisu loppui. Anna uusi.',
    },
    settings: {
      title: 'Ilmoitukset sivuston ulkopuolelle',
      intro:
        'Valitse, mitkä tapahtumat tavoittavat sinut Versuksen ulkopuolella ja miten: push-ilmoituksina laitteilla, joilla sallit ne, ja sähköpostina.',
      device: 'Tämä laite',
      'device-unsupported': 'Tämä selain ei pysty näyttämään push-ilmoituksia.',
      'device-denied':
        'Versuksen push-ilmoitukset on estetty tämän selaimen asetuksissa. Salli ne siellä ottaaksesi ne käyttöön.',
      'device-off': 'Push-ilmoitukset ovat pois päältä tällä laitteella.',
      'push-elsewhere':
        'Alla olevat push-valintasi koskevat laitteita, joilla push-ilmoitukset ovat päällä. Tämä laite ei saa niitä.',
      'device-on': 'Tämä laite saa push-ilmoituksia.',
      'device-on-stand-in':
        'Tällä selaimella ei ole täällä omaa push-palvelua: sen push-ilmoitukset menevät paikalliselle push-korvikkeelle, joka näyttää ne sivullaan.',
      'push-on': 'Ota push-ilmoitukset käyttöön',
      'push-off': 'Lopeta push-ilmoitukset',
      'push-failed': 'Selain ei voinut tilata push-ilmoituksia. Yritä uudelleen tai käytä toista selainta.',
      kind: 'Ilmoitus',
      toggle: '{{kind}}: {{channel}}',
      'saved-on': 'Tallennettu: ilmoitukset aiheesta ”{{kind}}” lähetetään {{channel}}.',
      'saved-off': 'Tallennettu: ilmoituksia aiheesta ”{{kind}}” ei lähetetä {{channel}}.',
      'email-to': 'Sähköpostit lähetetään osoitteeseen {{email}}.',
      language:
        'Sähköpostit ja push-ilmoitukset kirjoitetaan {{language}}: se on kieli, jonka valitsit Versukseen viimeksi.',
      'language-here': 'Kirjoita ne {{language}}',
      'language-saved': 'Tallennettu: sähköpostit ja push-ilmoitukset kirjoitetaan nyt {{language}}.',
      // Translative, as the lines above use it: "kirjoitetaan suomeksi".
      'language-names': { 'en-GB': 'brittienglanniksi', 'en-US': 'amerikanenglanniksi', 'fi-FI': 'suomeksi' },
    },
    channels: { push: 'Push', email: 'Sähköposti' },
    'channel-in-text': { push: 'push-ilmoituksina', email: 'sähköpostina' },
    kinds: alertKindsFiFI,
    off: {
      title: 'Lopeta ilmoitukset',
      ask: 'Lopetetaanko ilmoitusten lähettäminen aiheesta ”{{kind}}” {{channel}}?',
      confirm: 'Lopeta ne',
      done: 'Ilmoituksia aiheesta ”{{kind}}” ei enää lähetetä {{channel}}. Voit ottaa ne uudelleen käyttöön asetuksissasi.',
      broken: 'Linkki on vajaa. Kopioi koko linkki ilmoituksesta tai valitse ilmoituksesi asetuksissa.',
      settings: 'Valitse ilmoituksesi asetuksissa',
    },
  },
  checkout: {
    title: 'Kassa',
    summary: '{{coins}} kolikkoa hintaan {{price}}',
    supports:
      'Tuet sisällöntuottajakoodia {{code}}: niin kauan kuin koodi on voimassa, sen sisällöntuottaja ansaitsee tästä ostosta {{coins}} kolikkoa, eikä se maksa sinulle mitään.',
    'pay-with-paypal': 'Maksa PayPalilla',
    creating: 'Valmistellaan tilaustasi…',
    completing: 'Vahvistetaan maksuasi…',
    completed: 'Maksu valmis: saldoosi lisättiin {{coins}} kolikkoa.',
    declined: 'Maksusi hylättiin. Kolikoita ei lisätty eikä mitään veloitettu.',
    cancelled: 'Peruutit maksun. Mitään ei veloitettu.',
    expired: 'Tilaus vanheni, koska sitä ei hyväksytty 3 tunnissa. Mitään ei veloitettu; aloita uusi osto.',
    'not-approved': 'Maksua ei ole vielä hyväksytty.',
    failed: 'Maksua ei voitu suorittaa: {{message}}',
    'unknown-product': 'Tämä kolikkopaketti ei ole myynnissä.',
    'unknown-order': 'Tätä ostoa ei löytynyt. Valitse kolikkopaketti aloittaaksesi uuden oston.',
    'buy-more': 'Osta lisää kolikoita',
    'see-coins': 'Kolikot ja tapahtumat',
    'try-again': 'Yritä uudelleen',
    'back-to-shop': 'Takaisin kolikkopaketteihin',
    back: {
      challenge: 'Takaisin haasteeseen',
      tournament: 'Takaisin turnaukseen',
      page: 'Takaisin edelliselle sivulle',
    },
    sandbox: {
      title: 'PayPal-testiympäristö',
      body: 'Tämä on paikallinen alusta: PayPalin tilalla on korvike. Hyväksy tilaus kuten ostaja tekisi PayPal-ikkunassa.',
      approve: 'Hyväksy testiympäristössä',
      decline: 'Maksa hylättävällä kortilla',
      cancel: 'Peruuta maksu',
    },
  },
  creator: {
    label: 'Sisällöntuottaja',
    // A phone's header has room for a short word only (a walk saw the avatar pushed off the screen).
    'label-short': 'Tuottaja',
    open: 'Avaa sisällöntuottajan valikko',
    'your-code': 'Sisällöntuottajakoodisi',
    'share-hint':
      'Jaa koodiasi: ansaitset {{percent}} % kolikoista, joita tukijasi ostavat, eikä se maksa heille mitään. 100 kolikosta maksetaan sinulle {{amount}}.',
    updated: 'Tilanne klo {{time}}; päivittyy, kun avaat valikon, enintään 30 sekunnin välein.',
    balance: 'Tuottajasaldo',
    supporters: 'Tukijat',
    'chart-label': 'Ansiot päivittäin, viimeiset 14 päivää',
    'chart-day_one': '{{day}}: {{coins}} kolikko',
    'chart-day_other': '{{day}}: {{coins}} kolikkoa',
    'chart-summary_one': 'yhteensä {{total}} kolikko, eniten {{day}} ({{best}})',
    'chart-summary_other': 'yhteensä {{total}} kolikkoa, eniten {{day}} ({{best}})',
    'chart-none': 'ei vielä ansioita',
    remaining_one: 'Vielä {{coins}} kolikko, kunnes voit lunastaa',
    remaining_other: 'Vielä {{coins}} kolikkoa, kunnes voit lunastaa',
    redeem: 'Lunasta {{coins}} kolikkoa',
    'redeem-confirm':
      'Lunastetaanko {{coins}} kolikkoa? Saat {{amount}} PayPal-tilille {{email}}. Lähetettyä maksua ei voi perua.',
    'redeem-confirm-submit': 'Kyllä, lunasta',
    redeemed: 'Lunastettu: {{coins}} kolikkoa on matkalla PayPal-tilillesi.',
    'redeem-failed': 'Maksu epäonnistui, joten kolikot palautettiin tuottajasaldoosi.',
    'redeem-pending':
      'PayPal ei ole vielä vahvistanut lunastustasi. Kolikkosi ({{coins}}) pysyvät pidätettyinä, ja yritämme uudelleen muutaman minuutin kuluttua.',
    'needs-paypal': 'Yhdistä PayPal-tili lunastaaksesi',
    'load-failed': 'Tuottajatietojasi ei voitu ladata.',
  },
  wallet: {
    errors: {
      'whole-coins': 'Anna kolikoiden määrä kokonaislukuna',
      'below-minimum': 'Vähimmäismäärä on {{minimum}} kolikkoa',
      'above-balance': 'Voit nostaa enintään {{funds}} kolikkoa',
      'unsupported-currency': 'Valitse USD tai EUR',
      'unsupported-method': 'PayPal on ainoa maksutapa',
      'unknown-order': 'Tuntematon tilaus',
      'review-decision': 'Valitse lähetys, kirjaus tai palautus',
      'batch-id': 'Anna PayPalin erätunnus (vain kirjaimia ja numeroita)',
      'reason-too-long': 'Enintään 450 merkkiä',
    },
  },
  'paypal-connect': {
    title: 'Yhdistä maksutili',
    body: 'Yhdistä PayPal-tilisi nostaaksesi kolikoita ja tuottaja-ansiosi. PayPal-tilin sähköpostiosoitteen on oltava vahvistettu.',
    connect: 'Yhdistä PayPalilla',
    reconnect: 'Yhdistä toinen PayPal-tili',
    connecting: 'Yhdistetään PayPal-tiliäsi…',
    connected: 'Yhdistetty: maksut menevät osoitteeseen {{email}}.',
    failed:
      'PayPal-tiliäsi ei voitu yhdistää. Yritä uudelleen; PayPal-tilin sähköpostiosoitteen on oltava vahvistettu.',
    cancelled: 'Peruutit yhdistämisen. Mikään ei muuttunut.',
    'go-withdraw': 'Nosta kolikoita',
    'go-connections': 'Näytä yhteytesi',
  },
  'creator-code': {
    how: 'Tukeminen ei maksa sinulle mitään: aina kun ostat kolikoita, sisällöntuottaja ansaitsee Versukselta niiden päälle {{percent}} %.',
    stop: 'Lopeta koodin {{code}} tukeminen',
    stopped:
      'Et enää tue sisällöntuottajaa: ostoksesi eivät kerrytä ansioita kenellekään. Syötä koodi, jos haluat taas tukea jotakuta.',
  },
  'api-errors': {
    'own-creator-code': 'Tämä on oma sisällöntuottajakoodisi: voit tukea toista sisällöntuottajaa.',
  },
};
