import type { LocaleCode } from '@quire/contracts';

/**
 * Test material written for the detector's calibration (builtin-engine.ts): per language, a paragraph written
 * by hand, the way a student drafts — uneven sentences, a digression, concrete detail — and a templated one that
 * fills the same frame again and again, as text spinners and careless generation do. Not used by the product.
 */
export const CALIBRATION_TEXTS: Record<LocaleCode, { handWritten: string; templated: string }> = {
  en: {
    handWritten:
      'My grandmother kept bees behind the shed for almost forty years. Nobody taught her. She read one pamphlet ' +
      'from the county office, ordered a second-hand hive, and got stung so badly the first summer that her hand ' +
      'swelled like a glove. Still, she went back. By the time I was old enough to help, she could lift a frame ' +
      'without gloves and tell from the hum alone whether the queen was laying. I never learned that. What I did ' +
      'learn, slowly and mostly by failing, was how patient you have to be with something that does not care ' +
      'about your schedule at all.',
    templated:
      'Bees are important for the environment. Bees are important for agriculture. Bees are important for the ' +
      'economy. Bees are important for food production. Bees are important for biodiversity. Beekeeping is a ' +
      'useful activity for the environment. Beekeeping is a useful activity for agriculture. Beekeeping is a ' +
      'useful activity for the economy. In conclusion, bees are important for the environment and bees are ' +
      'important for the economy. In conclusion, beekeeping is a useful activity for everyone.',
  },
  de: {
    handWritten:
      'Im Winter 1998 fiel bei uns im Dorf drei Tage lang der Strom aus. Wir Kinder fanden das großartig. Mein ' +
      'Vater dagegen lief mit einer Taschenlampe zwischen Keller und Küche hin und her, weil die Heizung nicht ' +
      'mehr ansprang und er dem alten Ofen im Wohnzimmer nicht traute. Am zweiten Abend kam die Nachbarin mit ' +
      'einem Topf Linsensuppe vorbei. Niemand hatte sie darum gebeten. Seitdem denke ich bei dem Wort ' +
      'Infrastruktur nicht zuerst an Leitungen und Kraftwerke, sondern an diese Suppe, die auf dem Gaskocher ' +
      'langsam warm wurde, während draußen der Schnee alles zudeckte.',
    templated:
      'Die Digitalisierung ist wichtig für die Wirtschaft. Die Digitalisierung ist wichtig für die Bildung. Die ' +
      'Digitalisierung ist wichtig für die Verwaltung. Die Digitalisierung ist wichtig für die Gesellschaft. Die ' +
      'Digitalisierung ist ein wichtiger Faktor für die Wirtschaft. Die Digitalisierung ist ein wichtiger Faktor ' +
      'für die Bildung. Die Digitalisierung ist ein wichtiger Faktor für die Verwaltung. Zusammenfassend ist die ' +
      'Digitalisierung wichtig für die Wirtschaft und wichtig für die Gesellschaft.',
  },
  fr: {
    handWritten:
      'Le marché du samedi commence bien avant que la ville ne se réveille. Vers cinq heures, les camions se ' +
      "garent en double file et les maraîchers déplient leurs tréteaux en silence, comme s'ils craignaient de " +
      "déranger quelqu'un. Ma tante y vendait des fromages. Elle connaissait chaque client par son prénom, savait " +
      'qui préférait le comté bien affiné et qui mentait sur son âge. Un matin de février, il a gelé si fort que ' +
      'les bouteilles de lait ont éclaté dans la camionnette. Elle a ri pendant dix minutes. Puis elle a tout ' +
      "nettoyé, sans un mot, et ouvert son stand à l'heure.",
    templated:
      "Le numérique est important pour l'économie. Le numérique est important pour l'éducation. Le numérique est " +
      'important pour la santé. Le numérique est important pour la société. Le numérique est un outil utile pour ' +
      "l'économie. Le numérique est un outil utile pour l'éducation. Le numérique est un outil utile pour la " +
      "santé. En conclusion, le numérique est important pour l'économie et le numérique est important pour la " +
      'société.',
  },
  es: {
    handWritten:
      'Cuando mi abuelo llegó a Valencia en 1961 no sabía leer. Trabajó primero descargando naranjas en el puerto, ' +
      'luego en una fábrica de muebles donde perdió la punta de un dedo. Aprendió las letras a los cuarenta años, ' +
      'con una maestra jubilada que daba clases gratis los martes en la parroquia. Nunca fue un gran lector. Pero ' +
      'guardaba todos los periódicos que conseguía terminar, doblados con cuidado debajo de la cama, y a veces los ' +
      'sacaba para enseñárnoslos como si fueran trofeos. Mi madre los tiró cuando murió. Yo todavía no se lo he ' +
      'perdonado del todo.',
    templated:
      'La tecnología es importante para la economía. La tecnología es importante para la educación. La tecnología ' +
      'es importante para la salud. La tecnología es importante para la sociedad. La tecnología es una herramienta ' +
      'útil para la economía. La tecnología es una herramienta útil para la educación. La tecnología es una ' +
      'herramienta útil para la salud. En conclusión, la tecnología es importante para la economía y la tecnología ' +
      'es importante para la sociedad.',
  },
  it: {
    handWritten:
      "D'estate mio zio apriva la bottega solo al mattino, perché dopo pranzo il caldo rendeva impossibile " +
      'lavorare il legno. Io avevo dieci anni e mi sedevo su uno sgabello vicino alla porta, a guardare i trucioli ' +
      'che cadevano arricciati come nastri. Parlava poco. Quando sbagliavo un taglio non mi sgridava: prendeva un ' +
      'altro pezzo di abete, me lo metteva in mano e aspettava. Una volta, per sbaglio, ho rovinato una cornice ' +
      "quasi finita. Lui l'ha girata, ha guardato il retro e ha detto soltanto che dietro nessuno l'avrebbe mai " +
      'vista. La cornice è ancora appesa in cucina.',
    templated:
      "La tecnologia è importante per l'economia. La tecnologia è importante per la scuola. La tecnologia è " +
      'importante per la salute. La tecnologia è importante per la società. La tecnologia è uno strumento utile ' +
      "per l'economia. La tecnologia è uno strumento utile per la scuola. La tecnologia è uno strumento utile per " +
      "la salute. In conclusione, la tecnologia è importante per l'economia e la tecnologia è importante per la " +
      'società.',
  },
  nl: {
    handWritten:
      'Toen we in 2004 naar Groningen verhuisden, had mijn vader nog nooit een fiets met versnellingen gehad. Hij ' +
      'kocht er een op de markt, een zware groene damesfiets, omdat die volgens de verkoper het langst meeging. ' +
      'De eerste week viel hij twee keer. Daarna fietste hij elke dag naar zijn werk, ook als het stormde, met een ' +
      'plastic tas over zijn zadel tegen de regen. Ik schaamde me daar toen een beetje voor. Nu, twintig jaar ' +
      'later, staat die fiets nog steeds in mijn schuur, en ik krijg het niet over mijn hart hem weg te doen.',
    templated:
      'Duurzaamheid is belangrijk voor de economie. Duurzaamheid is belangrijk voor het onderwijs. Duurzaamheid is ' +
      'belangrijk voor de gezondheid. Duurzaamheid is belangrijk voor de samenleving. Duurzaamheid is een nuttig ' +
      'doel voor de economie. Duurzaamheid is een nuttig doel voor het onderwijs. Duurzaamheid is een nuttig doel ' +
      'voor de gezondheid. Concluderend is duurzaamheid belangrijk voor de economie en duurzaamheid is belangrijk ' +
      'voor de samenleving.',
  },
};
