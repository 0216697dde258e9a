import type { Role } from "#contract/upstream.ts";

/**
 * The identity provider's pages in English and German. The language comes
 * from the sign-in request's `ui_locales` (the portal sends its own), else
 * from the browser's Accept-Language, else English.
 */

export type PageLanguage = "en" | "de";

const supported: readonly PageLanguage[] = ["en", "de"];

function firstSupported(tags: string[]): PageLanguage | undefined {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split("-")[0];
    if ((supported as readonly string[]).includes(base ?? "")) return base as PageLanguage;
  }
  return undefined;
}

/** Accept-Language's tags in the browser's order of preference (by q, then position). */
function acceptedTags(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const q = Number(
        parameters
          .find((parameter) => parameter.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? "1",
      );
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

export function pageLanguage(uiLocales: unknown, acceptLanguage: string | undefined): PageLanguage {
  const fromRequest = typeof uiLocales === "string" ? firstSupported(uiLocales.split(/\s+/)) : undefined;
  return fromRequest ?? firstSupported(acceptedTags(acceptLanguage ?? "")) ?? "en";
}

const roleNames: Record<PageLanguage, Record<Role, string>> = {
  en: {
    SELLER_ADMINISTRATOR: "Seller administrator",
    SELLER_VIEWER_EXTERNAL: "Seller (read-only)",
    OPERATOR_ADMINISTRATOR: "Marketplace administrator",
    OPERATOR_BUSINESSDEVELOPER: "Business developer",
    OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL: "International business developer",
    OPERATOR_SUCCESSMANAGER: "Seller success manager",
    OPERATOR_OTHER: "Marketplace staff",
    TOM_TEAM_MEMBER: "Catalogue import team",
  },
  de: {
    SELLER_ADMINISTRATOR: "Händlerkonto (Verwaltung)",
    SELLER_VIEWER_EXTERNAL: "Händlerkonto (Lesezugriff)",
    OPERATOR_ADMINISTRATOR: "Marktplatz-Administration",
    OPERATOR_BUSINESSDEVELOPER: "Business Development",
    OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL: "Business Development International",
    OPERATOR_SUCCESSMANAGER: "Seller Success Management",
    OPERATOR_OTHER: "Marktplatz-Team",
    TOM_TEAM_MEMBER: "Katalogimport-Team",
  },
};

export function roleName(language: PageLanguage, role: string): string {
  return roleNames[language][role as Role] ?? role;
}

export const texts = {
  en: {
    siteName: "Marketplace sandbox",
    signInTitle: "Sign in",
    signInHeading: "Sign in to the seller portal",
    signInIntro: "This is the marketplace sandbox's identity provider.",
    email: "Email address",
    password: "Password",
    signInButton: "Sign in",
    newSeller: "New seller?",
    registerLink: "Register a seller account",
    wrongCredentials: "The email address or the password is wrong.",
    demoAccounts: "Demo accounts",
    demoCaption: "Every demo account uses the password",
    username: "Username",
    role: "Role",
    seller: "Seller",
    registerTitle: "Register",
    registerHeading: "Register as a seller",
    registerIntro: "Create a seller account on the marketplace sandbox. You become the administrator of a new seller.",
    correctFields: "Please correct the marked fields.",
    companyName: "Company name",
    language: "Language",
    createAccount: "Create account",
    alreadyRegistered: "Already registered?",
    signInLink: "Sign in",
    invalidEmail: "Enter a valid email address.",
    shortPassword: "The password needs at least 4 characters.",
    missingCompany: "Enter your company's name.",
    longCompany: "At most 200 characters.",
    emailTaken: "An account with this email address exists already. Sign in instead.",
    signOutTitle: "Sign out",
    signOutIntro: "You are signing out of the seller portal.",
    signOutButton: "Sign out",
    signedOutTitle: "Signed out",
    signedOutHeading: "You are signed out",
    signedOutIntro: "Your session at the marketplace sandbox has ended.",
    backToPortal: "Back to the seller portal",
    expiredTitle: "Sign-in expired",
    expiredText: "The sign-in took too long or was started in another browser. Go back to the portal and sign in again.",
    problemTitle: "Sign-in problem",
    invitationTitle: "Join your colleagues",
    invitationHeading: "Join {seller}",
    invitationIntro: "You were invited to the seller portal of {seller} as {role}. Choose a password to create your account.",
    invitationRefusedTitle: "This invitation cannot be used",
    invitationUNKNOWN: "The invitation link is not known. Check that you opened the whole link from the e-mail.",
    invitationEXPIRED: "The invitation has expired. Ask the administrator who invited you to send it again.",
    invitationUSED: "The invitation has been used already: an account with its address exists. Sign in instead.",
    invitationWITHDRAWN: "The invitation was withdrawn. Ask the seller's administrator if you should still join.",
    codeTitle: "Sign-in code",
    codeHeading: "Enter your sign-in code",
    codeIntro:
      "Open your authenticator app and enter the 6-digit code it shows for the seller portal. Lost your phone? Enter one of your recovery codes instead.",
    codeLabel: "Code or recovery code",
    codeButton: "Continue",
    wrongCode: "This code is not valid. Enter the code your app shows now (each code works once), or a recovery code not used yet.",
    lockedCode:
      "Too many wrong codes. For your security this account takes no code for 15 minutes. Try again later or ask the marketplace staff to reset your second factor.",
    demoCode: "Current code",
    enrolTitle: "Set up two-factor sign-in",
    enrolHeading: "Set up two-factor sign-in",
    enrolIntro:
      "From now on you sign in with your password and a code from an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or FreeOTP).",
    enrolStepScan: "1. Scan this QR code with the app.",
    enrolQrAlt: "QR code with the key for your authenticator app",
    enrolStepKey: "Cannot scan? Type this key into the app instead (time-based, 6 digits, every 30 seconds):",
    enrolStepCode: "2. Enter the 6-digit code the app shows, to confirm that it works.",
    enrolCodeLabel: "Code from the app",
    enrolButton: "Confirm",
    enrolWrongCode: "This code does not match. Check the time on your phone and enter the code the app shows now.",
    enrolledAlready: "Your account already has a second factor. To set up a new one, ask the marketplace staff to reset it.",
    recoveryTitle: "Your recovery codes",
    recoveryHeading: "Keep your recovery codes",
    recoveryIntro:
      "If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: print them or store them somewhere safe.",
    recoveryButton: "I have kept them: continue",
    recoveryCaption: "Recovery codes",
  },
  de: {
    siteName: "Marktplatz-Sandbox",
    signInTitle: "Anmelden",
    signInHeading: "Beim Seller Portal anmelden",
    signInIntro: "Dies ist der Identitätsanbieter der Marktplatz-Sandbox.",
    email: "E-Mail-Adresse",
    password: "Passwort",
    signInButton: "Anmelden",
    newSeller: "Neu auf dem Marktplatz?",
    registerLink: "Händlerkonto registrieren",
    wrongCredentials: "E-Mail-Adresse oder Passwort sind falsch.",
    demoAccounts: "Demokonten",
    demoCaption: "Alle Demokonten verwenden das Passwort",
    username: "Anmeldename",
    role: "Rolle",
    seller: "Händlerkonto",
    registerTitle: "Registrieren",
    registerHeading: "Händlerkonto registrieren",
    registerIntro: "Legen Sie ein Händlerkonto in der Marktplatz-Sandbox an. Sie verwalten damit ein neues Händlerkonto.",
    correctFields: "Bitte korrigieren Sie die markierten Felder.",
    companyName: "Name des Unternehmens",
    language: "Sprache",
    createAccount: "Konto anlegen",
    alreadyRegistered: "Schon registriert?",
    signInLink: "Anmelden",
    invalidEmail: "Geben Sie eine gültige E-Mail-Adresse ein.",
    shortPassword: "Das Passwort braucht mindestens 4 Zeichen.",
    missingCompany: "Geben Sie den Namen Ihres Unternehmens ein.",
    longCompany: "Höchstens 200 Zeichen.",
    emailTaken: "Zu dieser E-Mail-Adresse gibt es schon ein Konto. Melden Sie sich stattdessen an.",
    signOutTitle: "Abmelden",
    signOutIntro: "Sie melden sich vom Seller Portal ab.",
    signOutButton: "Abmelden",
    signedOutTitle: "Abgemeldet",
    signedOutHeading: "Sie sind abgemeldet",
    signedOutIntro: "Ihre Sitzung in der Marktplatz-Sandbox ist beendet.",
    backToPortal: "Zurück zum Seller Portal",
    expiredTitle: "Anmeldung abgelaufen",
    expiredText: "Die Anmeldung hat zu lange gedauert oder wurde in einem anderen Browser begonnen. Gehen Sie zurück zum Portal und melden Sie sich erneut an.",
    problemTitle: "Problem bei der Anmeldung",
    invitationTitle: "Dem Team beitreten",
    invitationHeading: "Beitreten: {seller}",
    invitationIntro: "Sie wurden zum Seller Portal von {seller} eingeladen, Rolle: {role}. Wählen Sie ein Passwort, um Ihr Konto anzulegen.",
    invitationRefusedTitle: "Diese Einladung kann nicht verwendet werden",
    invitationUNKNOWN: "Der Einladungslink ist unbekannt. Prüfen Sie, ob Sie den ganzen Link aus der E-Mail geöffnet haben.",
    invitationEXPIRED: "Die Einladung ist abgelaufen. Bitten Sie die Person, die Sie eingeladen hat, sie erneut zu senden.",
    invitationUSED: "Die Einladung wurde schon verwendet: Zu ihrer Adresse gibt es ein Konto. Melden Sie sich stattdessen an.",
    invitationWITHDRAWN: "Die Einladung wurde zurückgezogen. Fragen Sie die Verwaltung des Händlerkontos, ob Sie noch beitreten sollen.",
    codeTitle: "Anmeldecode",
    codeHeading: "Anmeldecode eingeben",
    codeIntro:
      "Öffnen Sie Ihre Authenticator-App und geben Sie den 6-stelligen Code ein, den sie für das Seller Portal anzeigt. Telefon verloren? Geben Sie stattdessen einen Ihrer Wiederherstellungscodes ein.",
    codeLabel: "Code oder Wiederherstellungscode",
    codeButton: "Weiter",
    wrongCode:
      "Dieser Code ist nicht gültig. Geben Sie den Code ein, den Ihre App jetzt anzeigt (jeder Code gilt einmal), oder einen noch nicht verwendeten Wiederherstellungscode.",
    lockedCode:
      "Zu viele falsche Codes. Zu Ihrem Schutz nimmt dieses Konto 15 Minuten lang keinen Code an. Versuchen Sie es später noch einmal oder bitten Sie das Marktplatz-Team, Ihren zweiten Faktor zurückzusetzen.",
    demoCode: "Aktueller Code",
    enrolTitle: "Anmeldung in zwei Schritten einrichten",
    enrolHeading: "Anmeldung in zwei Schritten einrichten",
    enrolIntro:
      "Ab jetzt melden Sie sich mit Ihrem Passwort und einem Code aus einer Authenticator-App auf Ihrem Telefon an (zum Beispiel Google Authenticator, Microsoft Authenticator oder FreeOTP).",
    enrolStepScan: "1. Scannen Sie diesen QR-Code mit der App.",
    enrolQrAlt: "QR-Code mit dem Schlüssel für Ihre Authenticator-App",
    enrolStepKey: "Scannen geht nicht? Geben Sie stattdessen diesen Schlüssel in die App ein (zeitbasiert, 6 Ziffern, alle 30 Sekunden):",
    enrolStepCode: "2. Geben Sie den 6-stelligen Code ein, den die App anzeigt, um zu bestätigen, dass es funktioniert.",
    enrolCodeLabel: "Code aus der App",
    enrolButton: "Bestätigen",
    enrolWrongCode: "Dieser Code passt nicht. Prüfen Sie die Uhrzeit Ihres Telefons und geben Sie den Code ein, den die App jetzt anzeigt.",
    enrolledAlready: "Ihr Konto hat schon einen zweiten Faktor. Für einen neuen bitten Sie das Marktplatz-Team, ihn zurückzusetzen.",
    recoveryTitle: "Ihre Wiederherstellungscodes",
    recoveryHeading: "Wiederherstellungscodes aufbewahren",
    recoveryIntro:
      "Wenn Sie Ihr Telefon verlieren, meldet Sie jeder dieser Codes einmal an, statt eines Codes aus der App. Sie werden nur jetzt angezeigt: Drucken Sie sie aus oder bewahren Sie sie sicher auf.",
    recoveryButton: "Ich habe sie aufbewahrt: weiter",
    recoveryCaption: "Wiederherstellungscodes",
  },
} satisfies Record<PageLanguage, Record<string, string>>;

export type PageTexts = (typeof texts)["en"];
